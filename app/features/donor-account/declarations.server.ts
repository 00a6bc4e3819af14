/**
 * A donor's Gift Aid declarations: cancelling one keeps it, with the date it was cancelled
 * (gifts made before then stay claimable, as HMRC's rules say); a new name or home address
 * is a new declaration with the current wording, and the one it replaces is cancelled at the
 * same moment. A monthly gift that used the old declaration uses the new one from then on.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { giftAidDeclarations, monthlyGifts } from "../giving/table.ts";
import { GiftAidSchema } from "../giving/index.ts";
import { CHARITY_NAME, giftAidDeclarationText } from "../giving/ui.ts";
import { firstIssues } from "../../lib/form-submission.ts";

export type DeclarationResult = { ok: true; message: string } | { ok: false; message: string; errors?: Record<string, string> };

const NOT_FOUND: DeclarationResult = { ok: false, message: "We could not find that declaration among yours. Nothing was changed." };

/** The donor's own declaration, still in force, locked for the change. */
async function ownOpenDeclaration(tx: Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0], email: string, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await tx
    .select()
    .from(giftAidDeclarations)
    .where(and(eq(giftAidDeclarations.id, id), sql`lower(${giftAidDeclarations.email}) = ${email}`))
    .for("update");
  return row ?? null;
}

export async function cancelDeclaration(email: string, id: string): Promise<DeclarationResult> {
  return getDb().transaction(async (tx) => {
    const row = await ownOpenDeclaration(tx, email, id);
    if (!row) return NOT_FOUND;
    if (row.cancelled_at) return { ok: false, message: "That declaration was already cancelled. Nothing was changed." };
    await tx.update(giftAidDeclarations).set({ cancelled_at: sql`now()` }).where(and(eq(giftAidDeclarations.id, id), isNull(giftAidDeclarations.cancelled_at)));
    return { ok: true, message: "Your Gift Aid declaration is cancelled. We will not claim Gift Aid on gifts you make from now on." };
  });
}

export async function updateDeclaration(email: string, id: string, input: Record<string, unknown>): Promise<DeclarationResult> {
  const parsed = GiftAidSchema.safeParse(input);
  if (!parsed.success) {
    const errors = firstIssues(parsed.error);
    return { ok: false, message: "Please correct the details below. Nothing was changed.", errors };
  }
  const details = parsed.data;
  return getDb().transaction(async (tx) => {
    const row = await ownOpenDeclaration(tx, email, id);
    if (!row) return NOT_FOUND;
    if (row.cancelled_at) return { ok: false, message: "That declaration is cancelled, so it cannot be updated. Nothing was changed." };
    const same = row.title === details.title && row.first_name === details.firstName && row.last_name === details.lastName && row.house === details.house && row.postcode === details.postcode;
    if (same) return { ok: false, message: "Those are already the details on your declaration. Nothing was changed." };
    const [made] = await tx
      .insert(giftAidDeclarations)
      .values({
        email: row.email,
        title: details.title,
        first_name: details.firstName,
        last_name: details.lastName,
        house: details.house,
        postcode: details.postcode,
        declaration_text: giftAidDeclarationText(CHARITY_NAME),
        supporter_id: row.supporter_id,
      })
      .returning({ id: giftAidDeclarations.id, made_at: giftAidDeclarations.made_at });
    await tx.update(giftAidDeclarations).set({ cancelled_at: made.made_at }).where(eq(giftAidDeclarations.id, row.id));
    await tx.update(monthlyGifts).set({ declaration_id: made.id }).where(eq(monthlyGifts.declaration_id, row.id));
    return { ok: true, message: "Your Gift Aid declaration is updated. We will use your new details from now on." };
  });
}
