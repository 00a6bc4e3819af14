import { data } from "react-router";
import { requireStaff } from "../../auth/guards.server.ts";
import type { Route } from "./+types/not-found";

/** Unknown admin addresses: staff only (the layout checks first), then 404. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "editor");
  throw data(null, { status: 404 });
}

export async function action(args: Route.ActionArgs) {
  await requireStaff(args, "editor");
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
