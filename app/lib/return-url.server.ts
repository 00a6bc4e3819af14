import { pagePath } from "../auth/guards.server.ts";

/**
 * The page a list action returns to: the same path (without React Router's `.data`
 * suffix) and the same filters, minus the delete-confirmation and router parameters.
 */
export function listReturnUrl(request: Request): string {
  const params = new URL(request.url).searchParams;
  for (const key of ["delete", "index", "_routes"]) params.delete(key);
  const search = params.toString();
  return pagePath(request) + (search ? `?${search}` : "");
}
