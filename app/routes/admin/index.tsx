import { redirect } from "react-router";
import { requireStaff } from "../../auth/guards.server.ts";
import type { Route } from "./+types/index";

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "editor");
  return redirect("/admin/dashboard");
}
