/** Money reports (donations permission): money in, Gift Aid, monthly donors; the trustees' summary. */
import { reportAction, reportLoader } from "./report-screen.server.ts";
import { ReportScreen, reportMeta } from "./report-screen.tsx";
import type { Route } from "./+types/reports";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
export const handle: MenuHandle = { menu: { group: "Money", label: "Reports", order: 40 } };

export const meta = reportMeta;

export const loader = (args: Route.LoaderArgs) => reportLoader(args);

export const action = (args: Route.ActionArgs) => reportAction(args);

export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  return <ReportScreen loaderData={loaderData} actionData={actionData} />;
}
