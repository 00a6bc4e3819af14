/** Website report (supporters permission): page views and visitors, counted without cookies. */
import { reportAction, reportLoader } from "./report-screen.server.ts";
import { ReportScreen, reportMeta } from "./report-screen.tsx";
import type { Route } from "./+types/website-report";

export const meta = reportMeta;

export const loader = (args: Route.LoaderArgs) => reportLoader(args);

export const action = (args: Route.ActionArgs) => reportAction(args);

export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  return <ReportScreen loaderData={loaderData} actionData={actionData} />;
}
