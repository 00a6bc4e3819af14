/**
 * Contact details: the footer's address and phone, the email addresses the pages show,
 * and the social links (kept with the site settings, where the footer reads them). Staff
 * save them together; the save is audited and announced on the "contact" and "settings"
 * topics. When the read fails, the starting details are shown.
 */
import { eq, sql } from "drizzle-orm";
import { STARTING_CONTACT } from "./starting-contact.ts";
import { getDb } from "../../db/client.server.ts";
import { siteSettings } from "../../db/schema.ts";
import { contactDetails } from "./table.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import type { ContactFormData } from "./contact.schema.ts";

export type ContactDetails = Record<keyof typeof STARTING_CONTACT, string>;

export async function getContactDetails(): Promise<ContactDetails> {
  try {
    const row = await cachedRead("contact", "row", async () => {
      const [found] = await getDb().select().from(contactDetails).where(eq(contactDetails.id, 1)).limit(1);
      return found ?? null;
    });
    if (row) {
      const { id: _id, created_at: _c, updated_at: _u, ...details } = row;
      return details;
    }
  } catch (error) {
    logger.error({ err: error, section: "contact details" }, "public read failed; showing starting details");
  }
  return STARTING_CONTACT;
}

/** The form's values: the contact row with the settings' email and social links. */
export async function readContactForEditing(): Promise<ContactFormData> {
  const details = await getContactDetails();
  const [settings] = await getDb().select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  return {
    ...details,
    contact_email: settings?.contact_email ?? "",
    facebook_url: settings?.facebook_url ?? "",
    twitter_url: settings?.twitter_url ?? "",
    instagram_url: settings?.instagram_url ?? "",
  };
}

export async function saveContactDetails(input: ContactFormData, actor: AuditActor): Promise<void> {
  const before = await readContactForEditing();
  const { contact_email, facebook_url, twitter_url, instagram_url, ...details } = input;
  await getDb().transaction(async (tx) => {
    await tx
      .insert(contactDetails)
      .values({ id: 1, ...details })
      .onConflictDoUpdate({ target: contactDetails.id, set: { ...details, updated_at: sql`now()` } });
    await tx
      .update(siteSettings)
      .set({ contact_email, facebook_url, twitter_url, instagram_url, updated_at: sql`now()` })
      .where(eq(siteSettings.id, 1));
    const changed = (Object.keys(input) as (keyof ContactFormData)[]).filter((k) => before[k] !== input[k]);
    await recordAudit(actor, "contact.updated", { entity: "contact_details", entityId: 1, details: { changed } }, tx);
  });
  publishChange("contact");
  publishChange("settings");
}
