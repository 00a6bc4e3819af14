/** One chart's numbers as CSV: the same rows the chart and its table show. */
import { chartCsv } from "../chart.ts";
import { readReport } from "./report-page.server.ts";
import type { Route } from "./+types/report-export";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { report, period } = await readReport(new URL(request.url));
  const chart = report.charts.find((c) => c.id === params.chart);
  if (!chart) throw new Response("There is no such chart.", { status: 404 });
  return new Response(chartCsv(chart, period.label), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${chart.id}-${period.from}-to-${period.to}.csv"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
