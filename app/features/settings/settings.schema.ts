/**
 * The Settings form (shared by the server action and the browser). The fields of
 * site_settings except id, timestamps and the contact email and social links, which the
 * Contact details screen keeps (app/domain/contact/). Image fields take only a path on this site (/uploads/..., /images/...):
 * the site never loads images from other hosts.
 */
import { z } from "zod";

const text = (label: string, max: number, options: { required?: boolean } = {}) => {
  const base = z.string({ error: `${label} is required` }).trim().max(max, `${label} must be at most ${max} characters`);
  return options.required ? base.min(1, `${label} is required`) : base;
};

/** Empty (no image) or a path on this site (/uploads/..., /images/...). */
const imageUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .refine(
      (v) => v === "" || /^\/(?!\/)[A-Za-z0-9._~/-]+$/.test(v),
      `${label} must be a path on this site (starting with /): upload the image below`,
    )
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * A handle like @millbrook (letters, digits, dots, underscores, hyphens). No longer on the
 * form (the site links to the profile addresses): absent means "leave as it is".
 */
const handle = (label: string) =>
  z
    .string()
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .refine((v) => v === "" || /^@?[A-Za-z0-9._-]+$/.test(v), `${label} may contain only letters, digits, dots, underscores and hyphens`)
    .optional();

/** Checkbox/switch value from a form ("on", "true") or a boolean. */
const flag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

export const SiteSettingsSchema = z.object({
  site_name: text("Site name", 100, { required: true }),
  tagline: text("Tagline", 150, { required: true }),
  site_description: text("Site description", 1000),
  about_description: text("About description", 5000),
  social_facebook: handle("Facebook handle"),
  social_twitter: handle("Twitter handle"),
  social_instagram: handle("Instagram handle"),
  hero_title: text("Hero title", 150, { required: true }),
  hero_subtitle: text("Hero subtitle", 300, { required: true }),
  hero_image_url: imageUrl("Hero image"),
  about_image_url: imageUrl("About image"),
  charity_number: text("Registered charity number", 30),
  maintenance_mode: flag,
});

export type SiteSettingsValues = z.output<typeof SiteSettingsSchema>;
export type SettingsField = keyof SiteSettingsValues;
export const SETTINGS_FIELDS = Object.keys(SiteSettingsSchema.shape) as SettingsField[];

/** The Settings screen's form: the fields it shows (the rest keep their values when it is saved). */
export const SettingsFormSchema = SiteSettingsSchema.pick({
  site_name: true,
  tagline: true,
  site_description: true,
  about_description: true,
  charity_number: true,
  maintenance_mode: true,
});
export const SETTINGS_FORM_FIELDS = Object.keys(SettingsFormSchema.shape);

/** The Settings screen's reload (GET /admin/settings/data), checked when it arrives. */
const anObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
export const SettingsLoadAnswer = z.object({ settings: z.custom<SiteSettingsValues>(anObject).optional(), error: z.string().optional() });
