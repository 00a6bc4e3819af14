/**
 * Built-in sample content of the layered types (the features keep theirs in their own
 * sample.server.ts): seeded into the database on first start (by the features' sample.server.ts) and used
 * by the public pages as the fallback only when a read fails. An empty section shows its empty
 * state (docs/decisions/088-starting-content-once-per-section.md).
 * Plain typed data only: imported by the seed (server) and by public routes.
 */

/** The day `days` after `from` (before it when negative), as yyyy-MM-dd. */
export const isoDay = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

export const FOUNDATION = {
  name: "Millbrook Community Foundation",
  town: "Millbrook",
  tagline: "Community Together Matters",
  contactEmail: "info@millbrookfoundation.org.uk",
  partnershipsEmail: "partnerships@millbrookfoundation.org.uk",
  address: ["The Old Corn Exchange", "14 Market Street", "Millbrook", "MB4 2QT"],
  phone: "01632 960 418",
  charityNumber: "1198472",
} as const;

export const DEFAULT_SETTINGS = {
  id: 1,
  site_name: FOUNDATION.name,
  tagline: FOUNDATION.tagline,
  site_description:
    "A local charity raising money for the people, groups and causes of Millbrook, run by volunteers who live here.",
  about_description:
    "Millbrook Community Foundation was set up in 2023 by neighbours who wanted to make a difference close to home. We run events, craft fairs and awards, and every pound raised goes back into Millbrook through our Community Fund.",
  contact_email: FOUNDATION.contactEmail,
  social_facebook: "",
  social_twitter: "",
  social_instagram: "",
  facebook_url: "",
  twitter_url: "",
  instagram_url: "",
  hero_title: `Welcome to ${FOUNDATION.name}`,
  hero_subtitle: "Supporting our community",
  hero_image_url: null as string | null,
  about_image_url: null as string | null,
  charity_number: FOUNDATION.charityNumber,
  maintenance_mode: false,
  require_two_factor: false,
  retention_months_volunteer: 12,
  retention_months_stall_application: 12,
  retention_months_nomination: 12,
  retention_months_audit_log: 24,
};

/**
 * The hero subtitle written on first start: the whole text under the home page's title,
 * which staff can change in the settings (the fallback above is only for when the
 * settings cannot be read).
 */
export const SAMPLE_HERO_SUBTITLE =
  "Supporting our community. We raise money at friendly local events and give it straight back to the groups, clubs and projects that make Millbrook home.";

export const AWARD_CATEGORIES = [
  { id: "charity-year", title: "Charity of the Year", description: "A local charity or voluntary group that has made an outstanding difference this year." },
  { id: "volunteer-year", title: "Volunteer of the Year", description: "Someone who gives their time generously to help others in Millbrook." },
  { id: "community-team", title: "Community Team of the Year", description: "A team, club or group of neighbours that has brought people together." },
  { id: "citizen-year", title: "Citizen of the Year", description: "A resident whose kindness or commitment has made Millbrook a better place." },
  { id: "young-citizen", title: "Young Citizen of the Year", description: "A young person aged 16 to 18 who has made a real contribution to the town." },
] as const;

export const VOLUNTEER_ROLES = [
  {
    id: "event-support",
    title: "Event Support",
    description: "Help set up, run and pack away our fairs, quiz nights and gala.",
    commitment: "A few hours per event, mostly weekends and evenings",
    skills: "Friendly, reliable, happy to lift and carry",
  },
  {
    id: "fundraising-team",
    title: "Fundraising Team",
    description: "Plan new fundraising ideas, run collections and look after our supporters.",
    commitment: "2 to 4 hours a month",
    skills: "Ideas, confidence talking to people",
  },
  {
    id: "community-outreach",
    title: "Community Outreach",
    description: "Tell local groups about the Community Fund and help them apply.",
    commitment: "Flexible, about 4 hours a month",
    skills: "Good listener, knows Millbrook",
  },
  {
    id: "administrative-support",
    title: "Administrative Support",
    description: "Keep our records, mailing lists and paperwork in order.",
    commitment: "2 hours a week, can be from home",
    skills: "Organised, comfortable with email and spreadsheets",
  },
] as const;

/**
 * Focal points of the built-in pictures (percent from the left, from the top), written
 * into the media library with them: the wide crops (the 5:2 event banner) keep the
 * people and stalls near the bottom of each picture rather than the sky above them.
 */
export const SAMPLE_FOCAL_POINTS: Record<string, readonly [x: number, y: number]> = {
  "/images/events/litter-pick.svg": [47, 90],
  "/images/events/family-day.svg": [50, 75],
  "/images/events/fun-run.svg": [52, 72],
  "/images/events/gala.svg": [62, 75],
  "/images/events/quiz-night.svg": [45, 40],
  "/images/events/summer-fair.svg": [50, 70],
  "/images/events/repair-cafe.svg": [50, 62],
  "/images/craft-fairs/christmas.svg": [50, 72],
  "/images/craft-fairs/spring.svg": [50, 78],
  "/images/craft-fairs/summer.svg": [50, 72],
  "/images/craft-fairs/autumn.svg": [50, 72],
  "/images/craft-fairs/gallery-crowd.svg": [50, 80],
  "/images/causes/community-garden.svg": [50, 72],
  "/images/causes/warm-spaces.svg": [58, 60],
  "/images/causes/youth-club.svg": [35, 62],
};
