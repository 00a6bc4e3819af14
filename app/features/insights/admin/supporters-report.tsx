/** Supporters report (supporters permission): new supporters, newsletter subscribers, volunteering hours. */
import { reportAction, reportLoader } from "./report-screen.server.ts";
import { ReportScreen, reportMeta } from "./report-screen.tsx";
import type { Route } from "./+types/supporters-report";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
export const handle: MenuHandle = { menu: { group: "People", label: "Supporter reports", order: 15 } };

export const meta = reportMeta;

export const loader = (args: Route.LoaderArgs) => reportLoader(args);

export const action = (args: Route.ActionArgs) => reportAction(args);

export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  return <ReportScreen loaderData={loaderData} actionData={actionData} />;
}
