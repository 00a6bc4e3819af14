/**
 * The awards forms (browser-safe): the current round (dates and categories) and a past
 * winner. Categories are written one per line as "Title: description"; the order of the
 * lines is the order on the page.
 */
import { z } from "zod";
import { requiredDate, requiredText, tooLong } from "../../domain/listings/listing-fields.schema.ts";
import type { AwardCategory } from "./nominations.ts";


/** A category's id from its title ("Volunteer of the Year" -> "volunteer-of-the-year"). */
const categoryId = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);

/** "Title: description" lines into categories, keeping the ids of categories that already exist (matched by title). */
export function parseCategories(text: string, existing: readonly AwardCategory[] = []): AwardCategory[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(":");
      const title = (at === -1 ? line : line.slice(0, at)).trim();
      const description = at === -1 ? "" : line.slice(at + 1).trim();
      const id = existing.find((c) => c.title.toLowerCase() === title.toLowerCase())?.id ?? categoryId(title);
      return { id, title, description };
    });
}

export const categoriesText = (categories: readonly AwardCategory[]) => categories.map((c) => `${c.title}: ${c.description}`).join("\n");

export const AwardRoundFormSchema = z
  .object({
    nominations_open: requiredDate("Opening date is required"),
    nominations_close: requiredDate("Closing date is required"),
    ceremony_date: requiredDate("Ceremony date is required"),
    ceremony_time: z.string().trim().max(60, tooLong(60)),
    venue: requiredText(3, "Venue is required", 120),
    categories: z
      .string()
      .trim()
      .min(1, "Add at least one category")
      .max(5000, tooLong(5000))
      .superRefine((text, ctx) => {
        const list = parseCategories(text);
        const bad = list.find((c) => c.title.length < 3 || c.description.length < 10 || c.title.length > 80 || c.description.length > 300);
        if (bad) ctx.addIssue({ code: "custom", message: `Write each category as "Title: description" (a title of 3 to 80 characters, a description of 10 to 300): check "${bad.title}"` });
        else if (new Set(list.map((c) => categoryId(c.title))).size !== list.length) ctx.addIssue({ code: "custom", message: "Two categories have the same title" });
      }),
  })
  .superRefine((form, ctx) => {
    if (form.nominations_open && form.nominations_close && form.nominations_close < form.nominations_open)
      ctx.addIssue({ code: "custom", path: ["nominations_close"], message: "Closing date must be on or after the opening date" });
    if (form.nominations_close && form.ceremony_date && form.ceremony_date <= form.nominations_close)
      ctx.addIssue({ code: "custom", path: ["ceremony_date"], message: "Ceremony date must be after the closing date" });
  });
export type AwardRoundFormData = z.output<typeof AwardRoundFormSchema>;
export const AWARD_ROUND_FORM_FIELDS = ["nominations_open", "nominations_close", "ceremony_date", "ceremony_time", "venue", "categories"] as const;

export const AwardWinnerFormSchema = z.object({
  year: z
    .string()
    .trim()
    .regex(/^\d{4}$/, "Year must be a year such as 2026")
    .refine((v) => Number(v) >= 2000 && Number(v) <= 2100, "Year must be between 2000 and 2100"),
  category: requiredText(1, "Choose a category", 100),
  name: requiredText(2, "Name is required", 120),
  achievement: requiredText(10, "Achievement must be at least 10 characters", 300),
});
export type AwardWinnerFormData = z.output<typeof AwardWinnerFormSchema>;
export const AWARD_WINNER_FORM_FIELDS = ["year", "category", "name", "achievement"] as const;
