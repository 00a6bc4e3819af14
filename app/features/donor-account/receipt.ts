/** A signed-in donor's receipt for one of their own paid gifts, as a PDF (/manage-giving/receipts/:reference). */
import { requestInfoContext } from "../../lib/request-context.ts";
import { donorGift } from "./giving.server.ts";
import { receiptPdf } from "./pdf.server.ts";
import { currentDonor } from "./sign-in.server.ts";
import type { Route } from "./+types/receipt";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const donor = await currentDonor(request, context.get(requestInfoContext).secure);
  if (!donor) return new Response("Please sign in again at /manage-giving to download your receipts.", { status: 401, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  const gift = await donorGift(donor.email, params.reference);
  if (!gift || gift.status !== "paid") return new Response("No such gift among yours.", { status: 404, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  const donorName = [gift.title, gift.firstName, gift.lastName].filter(Boolean).join(" ") || null;
  const pdf = await receiptPdf({ ...gift, giftAided: Boolean(gift.giftAided), donorName });
  return new Response(new Uint8Array(pdf), {
    headers: { ...PRIVATE, "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="receipt-${gift.reference}.pdf"` },
  });
}
