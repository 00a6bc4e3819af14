/** A signed-in donor's giving statement for one UK tax year, as a PDF (/manage-giving/statement/:year, the year it starts in). */
import { requestInfoContext } from "../../lib/request-context.ts";
import { donorName, giftsInTaxYear } from "./giving.server.ts";
import { statementPdf } from "./pdf.server.ts";
import { currentDonor } from "./sign-in.server.ts";
import type { Route } from "./+types/statement";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const donor = await currentDonor(request, context.get(requestInfoContext).secure);
  if (!donor) return new Response("Please sign in again at /manage-giving to download your statement.", { status: 401, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  const year = Number(params.year);
  if (!/^\d{4}$/.test(params.year) || year < 2000 || year > 2100) return new Response("No such tax year.", { status: 404, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  const gifts = await giftsInTaxYear(donor.email, year);
  const pdf = await statementPdf({ year, email: donor.email, donorName: await donorName(donor.email), gifts: gifts.map((g) => ({ ...g, giftAided: Boolean(g.giftAided) })) });
  return new Response(new Uint8Array(pdf), {
    headers: { ...PRIVATE, "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="giving-statement-${year}-${year + 1}.pdf"` },
  });
}
