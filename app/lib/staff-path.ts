/**
 * Whether an address is one of the staff screens (`/admin`, `/admin/...`, in any case, as
 * routes match). They link the whole stylesheet in the head and are never cached; public
 * pages carry their CSS inline (app/lib/first-paint.server.ts).
 */
export function isStaffPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path === "/admin" || path.startsWith("/admin/");
}
