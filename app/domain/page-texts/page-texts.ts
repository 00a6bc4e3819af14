/**
 * Page texts: the words of the public pages that staff edit, one screen per page listing
 * its fields. Each text has a key ("home.cta_title"), a label and hint for the screen,
 * a length limit and its built-in default. A text staff have not changed shows its
 * default, so a fresh install and an older one read the same until someone edits.
 * Browser-safe: the admin screen builds its form and checks from these definitions.
 */
import { z } from "zod";
import { CORE_VALUES, FUND_FACTS, HOME_STATS, IMPACT_FIGURES, TIMELINE } from "../../content/site-copy.ts";
import { tooLong } from "../listings/listing-fields.schema.ts";

export interface PageTextField {
  /** The key within the page ("cta_title"); stored as "<page>.<key>". */
  key: string;
  label: string;
  hint?: string;
  /** The longest text allowed. */
  max: number;
  /** Several lines (a textarea) rather than one. */
  long?: boolean;
  /** May be left empty (an empty figure or timeline entry is not shown). */
  optional?: boolean;
  default: string;
}

interface PageTextSection {
  heading: string;
  fields: readonly PageTextField[];
}

export interface PageDefinition {
  /** The screen's heading. */
  title: string;
  /** The public page, for View on site. */
  path: string;
  intro: string;
  sections: readonly PageTextSection[];
}

const figureFields = (figures: readonly { value: string; label: string }[], hintFirst?: string): PageTextField[] =>
  figures.flatMap((figure, i) => [
    {
      key: `figure_${i + 1}_value`,
      label: `Figure ${i + 1}`,
      hint: i === 0 && hintFirst ? hintFirst : 'For example "9" or "£6,500+". Leave empty to hide this figure.',
      max: 12,
      optional: true,
      default: figure.value,
    },
    { key: `figure_${i + 1}_label`, label: `Figure ${i + 1} label`, max: 60, optional: true, default: figure.label },
  ]);

const TIMELINE_SLOTS = 6;

const FUND_STEPS = [
  {
    title: "Tell us your idea",
    body: "Any not-for-profit group working in Millbrook can apply, from toddler groups to bowls clubs. Grants are usually between £250 and £1,500.",
  },
  {
    title: "We visit and listen",
    body: "A trustee will get in touch, come and see what you do and help with any questions. There is no jargon and no long forms.",
  },
  {
    title: "Trustees decide",
    body: "Applications are considered at our monthly trustee meeting. We tell you the decision within six weeks, and successful groups are paid straight away.",
  },
];

export const PAGE_TEXTS = {
  home: {
    title: "Home page",
    path: "/",
    intro: "The words of the home page around the events and causes it lists.",
    sections: [
      {
        heading: "Hero",
        fields: [
          { key: "hero_primary_label", label: "First button", max: 30, default: "Support Us" },
          { key: "hero_secondary_label", label: "Second button", max: 30, default: "Learn About Us" },
          {
            key: "hero_image_alt",
            label: "Hero image description (alt text)",
            hint: "What the big picture shows, for people who cannot see it.",
            max: 200,
            default: "Neighbours gathered on Millbrook Green under summer bunting",
          },
        ],
      },
      {
        heading: "Figures strip",
        fields: figureFields(
          HOME_STATS,
          "Shown when the giving total cannot be read: the strip shows the real total of gifts (plus money raised off the site) here.",
        ),
      },
      {
        heading: "Who we are",
        fields: [
          { key: "about_eyebrow", label: "Small heading", max: 40, default: "Who we are" },
          { key: "about_title", label: "Heading", max: 80, default: "Neighbours looking after neighbours" },
          { key: "about_link", label: "Link text", max: 40, default: "Read our story" },
        ],
      },
      {
        heading: "Causes and events",
        fields: [
          { key: "causes_title", label: "Causes heading", max: 80, default: "Where your support is going now" },
          {
            key: "causes_intro",
            label: "Causes introduction",
            max: 300,
            long: true,
            default: "Three Millbrook projects we are raising money for this year. Every event ticket, stall fee and donation moves these bars along.",
          },
          { key: "events_title", label: "Events heading", max: 80, default: "Upcoming events" },
          { key: "events_intro", label: "Events introduction", max: 300, long: true, default: "Come along, bring a friend, and have a good time for a good cause." },
        ],
      },
      {
        heading: "Call to action",
        fields: [
          { key: "cta_title", label: "Heading", max: 80, default: "Small gifts make a big difference here" },
          {
            key: "cta_text",
            label: "Text",
            max: 400,
            long: true,
            default:
              "£25 buys a term of art materials for the youth club. £50 keeps a Warm Space open for a whole afternoon. Whatever you can give stays in Millbrook.",
          },
          { key: "cta_button", label: "Button", max: 30, default: "Donate today" },
        ],
      },
    ],
  },
  about: {
    title: "About page",
    path: "/about",
    intro: "Our story: the introduction, mission and vision, values, timeline and impact figures.",
    sections: [
      {
        heading: "Introduction",
        fields: [
          { key: "hero_title", label: "Heading", max: 100, default: "A small charity with a big heart for Millbrook" },
          {
            key: "hero_intro",
            label: "Introduction",
            max: 500,
            long: true,
            default:
              "We are local people raising money for local people. Since 2023 we have turned quiz nights, fairs and fun runs into grants for the clubs, schools and projects that make our town a good place to live.",
          },
          {
            key: "mission",
            label: "Our mission",
            max: 800,
            long: true,
            default:
              "To bring Millbrook together and raise money that stays in Millbrook: funding the groups, projects and people who make a real difference to everyday life in our town, and making it easy for everyone to take part.",
          },
          {
            key: "vision",
            label: "Our vision",
            max: 800,
            long: true,
            default:
              "A Millbrook where nobody is left out: where young people have somewhere to go, older neighbours have company, and every good idea for the town has a fair chance of getting off the ground.",
          },
        ],
      },
      {
        heading: "Core values",
        fields: CORE_VALUES.flatMap((value, i) => [
          { key: `value_${i + 1}_title`, label: `Value ${i + 1}`, max: 60, default: value.title },
          { key: `value_${i + 1}_body`, label: `Value ${i + 1} text`, max: 600, long: true, default: value.body },
        ]),
      },
      {
        heading: "Timeline",
        fields: Array.from({ length: TIMELINE_SLOTS }, (_, i) => {
          const item = TIMELINE[i];
          return [
            {
              key: `timeline_${i + 1}_year`,
              label: `Timeline entry ${i + 1}: year`,
              hint: "Leave the year empty to leave this entry out.",
              max: 12,
              optional: true,
              default: item?.year ?? "",
            },
            { key: `timeline_${i + 1}_title`, label: `Timeline entry ${i + 1}: heading`, max: 100, optional: true, default: item?.title ?? "" },
            { key: `timeline_${i + 1}_body`, label: `Timeline entry ${i + 1}: text`, max: 800, long: true, optional: true, default: item?.body ?? "" },
          ];
        }).flat(),
      },
      {
        heading: "Our impact so far",
        fields: [{ key: "impact_title", label: "Heading", max: 80, default: "Our impact so far" }, ...figureFields(IMPACT_FIGURES)],
      },
    ],
  },
  "community-fund": {
    title: "Community Fund page",
    path: "/community-fund",
    intro: "The fund's facts and target, and the words around the list of recipients (kept under Fund recipients).",
    sections: [
      {
        heading: "Facts and target",
        fields: [
          { key: "share", label: "Share of money raised that goes to the fund", hint: 'For example "60%".', max: 12, default: FUND_FACTS.shareToFund },
          { key: "target", label: "Target", hint: 'For example "£10,000".', max: 20, default: FUND_FACTS.target },
          { key: "target_year", label: "Target year", max: 4, default: String(FUND_FACTS.targetYear) },
          { key: "hero_title", label: "Heading", max: 100, default: "Grants that keep Millbrook thriving" },
        ],
      },
      {
        heading: "How it works",
        fields: FUND_STEPS.flatMap((step, i) => [
          { key: `step_${i + 1}_title`, label: `Step ${i + 1}`, max: 60, default: step.title },
          { key: `step_${i + 1}_body`, label: `Step ${i + 1} text`, max: 400, long: true, default: step.body },
        ]),
      },
    ],
  },
  causes: {
    title: "Causes page",
    path: "/causes",
    intro: "The words around the list of causes (the causes themselves are under Causes).",
    sections: [
      {
        heading: "Introduction",
        fields: [
          { key: "hero_title", label: "Heading", max: 100, default: "Good causes, right on our doorstep" },
          {
            key: "hero_intro",
            label: "Introduction",
            max: 500,
            long: true,
            default:
              "These are the projects we are raising money for right now. Each one was suggested by people in Millbrook, and every pound you give helps one of them reach its goal.",
          },
          { key: "hero_button", label: "Button", max: 30, default: "Donate to a cause" },
          { key: "empty", label: "When there are no causes", max: 200, default: "We are choosing our next causes. Please check back soon." },
        ],
      },
      {
        heading: "Know a cause",
        fields: [
          { key: "suggest_title", label: "Heading", max: 80, default: "Know a cause that needs a hand?" },
          {
            key: "suggest_text",
            label: "Text",
            max: 400,
            long: true,
            default: "If your group or project could use support, our Community Fund offers grants to local organisations every year.",
          },
        ],
      },
    ],
  },
} as const satisfies Record<string, PageDefinition>;

export type PageKey = keyof typeof PAGE_TEXTS;
export const PAGE_KEYS = Object.keys(PAGE_TEXTS) as PageKey[];
export const isPageKey = (value: unknown): value is PageKey => typeof value === "string" && Object.hasOwn(PAGE_TEXTS, value);

type FieldsOf<P extends PageKey> = (typeof PAGE_TEXTS)[P]["sections"][number]["fields"][number];
/** The texts of one page, by field key. */
export type PageTexts<P extends PageKey> = Record<FieldsOf<P>["key"], string>;

export function pageFields(page: PageKey): readonly PageTextField[] {
  return (PAGE_TEXTS[page] as PageDefinition).sections.flatMap((s) => s.fields);
}

export function pageDefaults<P extends PageKey>(page: P): PageTexts<P> {
  return Object.fromEntries(pageFields(page).map((f) => [f.key, f.default])) as PageTexts<P>;
}

/** The form of one page's texts: each field trimmed, within its limit, and filled in unless optional. */
export function pageTextsSchema(page: PageKey) {
  return z.object(
    Object.fromEntries(
      pageFields(page).map((f) => {
        const text = z.string().trim().max(f.max, tooLong(f.max));
        return [f.key, f.optional ? text : text.min(1, `${f.label} is required`)];
      }),
    ),
  );
}
