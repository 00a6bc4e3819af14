/**
 * Page texts: the words of the public pages that staff edit, one screen per page listing
 * its fields. Each text has a key ("home.cta_title"), a label and hint for the screen,
 * a length limit and its built-in default. A text staff have not changed shows its
 * default, so a fresh install and an older one read the same until someone edits.
 * Browser-safe: the admin screen builds its form and checks from these definitions.
 */
import { z } from "zod";
import { CORE_VALUES, CRAFT_FAIR_TESTIMONIALS, FUND_FACTS, HOME_STATS, IMPACT_FIGURES, TIMELINE } from "../../content/site-copy.ts";
import { tooLong } from "../../domain/listings/listing-fields.schema.ts";
import { DEFAULT_SETTINGS, SAMPLE_HERO_SUBTITLE } from "../../content/sample-content.ts";

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

/** The top of a page: its small heading, heading and introduction. */
const heroFields = (eyebrow: string, title: string, intro: string): PageTextField[] => [
  { key: "hero_eyebrow", label: "Small heading", max: 40, default: eyebrow },
  { key: "hero_title", label: "Heading", max: 100, default: title },
  { key: "hero_intro", label: "Introduction", max: 500, long: true, default: intro },
];

/** The words of the pages below a list (Pager): previous, next and "Page 2 of 6". */
const pagingFields = (what: string): PageTextField[] => [
  { key: "paging_previous", label: `Link to the previous page of ${what}`, hint: `Shown below the ${what} when they fill more than one page.`, max: 30, default: "Previous" },
  { key: "paging_next", label: `Link to the next page of ${what}`, max: 30, default: "Next" },
  { key: "paging_status", label: "Which page is shown", hint: "{page} and {pages} are filled in with the numbers.", max: 60, default: "Page {page} of {pages}" },
];

/** A section's small heading and heading. */
const sectionFields = (prefix: string, eyebrow: string, title: string): PageTextField[] => [
  { key: `${prefix}_eyebrow`, label: "Small heading", max: 40, default: eyebrow },
  { key: `${prefix}_title`, label: "Heading", max: 80, default: title },
];

/** Numbered lines of a list (steps, facts); an empty line is not shown. */
const listFields = (prefix: string, label: string, lines: readonly string[], max = 200): PageTextField[] =>
  lines.map((line, i) => ({
    key: `${prefix}_${i + 1}`,
    label: `${label} ${i + 1}`,
    hint: i === 0 ? "Leave a line empty to leave it out." : undefined,
    max,
    optional: true,
    default: line,
  }));

const SUPPORT_WAYS = [
  { title: "Donate", body: "A one-off gift or a monthly donation funds grants for local groups all year round.", cta: "Give today" },
  { title: "Volunteer", body: "Lend a hand at events, help with fundraising, or support us from home.", cta: "Find a role" },
  { title: "Attend events", body: "Buy a ticket, bring your friends and have a great time for a good cause.", cta: "See what's on" },
];

const DONATION_EXAMPLES = [
  ["£10", "buys hot drinks and soup for a Warm Spaces afternoon"],
  ["£25", "pays for a term of art materials at the youth club"],
  ["£50", "buys seeds, compost and tools for a community garden bed"],
  ["£100", "funds a minibus seat for the youth club's summer trip and more"],
] as const;

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
          { key: "hero_title", label: "Main heading", max: 150, default: DEFAULT_SETTINGS.hero_title },
          { key: "hero_intro", label: "Introduction", hint: "The sentence or two under the main heading.", max: 300, long: true, default: SAMPLE_HERO_SUBTITLE },
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
          { key: "causes_eyebrow", label: "Causes small heading", max: 40, default: "Local causes" },
          { key: "causes_title", label: "Causes heading", max: 80, default: "Where your support is going now" },
          {
            key: "causes_intro",
            label: "Causes introduction",
            max: 300,
            long: true,
            default: "Three Millbrook projects we are raising money for this year. Every event ticket, stall fee and donation moves these bars along.",
          },
          { key: "causes_link", label: "Causes link", max: 40, default: "See all local causes" },
          { key: "events_eyebrow", label: "Events small heading", max: 40, default: "What's on" },
          { key: "events_title", label: "Events heading", max: 80, default: "Upcoming events" },
          { key: "events_intro", label: "Events introduction", max: 300, long: true, default: "Come along, bring a friend, and have a good time for a good cause." },
          { key: "events_empty", label: "When no event is coming up", max: 200, default: "No events found for this category. Please check back later." },
          { key: "events_link", label: "Events link", max: 40, default: "See all events" },
        ],
      },
      {
        heading: "Latest news",
        fields: [...sectionFields("news", "News", "Latest news"), { key: "news_link", label: "Link", max: 40, default: "See all news" }],
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
          { key: "hero_eyebrow", label: "Small heading", max: 40, default: "About us" },
          { key: "hero_title", label: "Heading", max: 100, default: "A small charity with a big heart for Millbrook" },
          {
            key: "hero_intro",
            label: "Introduction",
            max: 500,
            long: true,
            default:
              "We are local people raising money for local people. Since 2023 we have turned quiz nights, fairs and fun runs into grants for the clubs, schools and projects that make our town a good place to live.",
          },
          { key: "mission_title", label: "Mission heading", max: 60, default: "Our mission" },
          {
            key: "mission",
            label: "Our mission",
            max: 800,
            long: true,
            default:
              "To bring Millbrook together and raise money that stays in Millbrook: funding the groups, projects and people who make a real difference to everyday life in our town, and making it easy for everyone to take part.",
          },
          { key: "vision_title", label: "Vision heading", max: 60, default: "Our vision" },
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
        fields: [
          ...sectionFields("values", "What we stand for", "Our core values"),
          ...CORE_VALUES.flatMap((value, i) => [
            { key: `value_${i + 1}_title`, label: `Value ${i + 1}`, max: 60, default: value.title },
            { key: `value_${i + 1}_body`, label: `Value ${i + 1} text`, max: 600, long: true, default: value.body },
          ]),
        ],
      },
      {
        heading: "Timeline",
        fields: [
          ...sectionFields("story", "Our story", "From one conversation to a town-wide effort"),
          ...Array.from({ length: TIMELINE_SLOTS }, (_, i) => {
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
        ],
      },
      {
        heading: "Our impact so far",
        fields: [{ key: "impact_title", label: "Heading", max: 80, default: "Our impact so far" }, ...figureFields(IMPACT_FIGURES)],
      },
      {
        heading: "Trustees",
        fields: [
          { key: "trustees_title", label: "Heading", max: 80, default: "Meet the people behind the Foundation" },
          { key: "trustees_text", label: "Text", max: 300, default: "Our volunteer trustees are local residents who give their time to keep us on track." },
          { key: "trustees_link", label: "Button", max: 40, default: "Meet our trustees" },
        ],
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
          { key: "hero_eyebrow", label: "Small heading", max: 40, default: "Community Fund" },
          { key: "hero_title", label: "Heading", max: 100, default: "Grants that keep Millbrook thriving" },
          {
            key: "hero_intro",
            label: "Introduction",
            hint: "{share}, {target} and {target_year} show the figures above.",
            max: 500,
            long: true,
            default:
              "At least {share} of everything we raise goes into the Community Fund, which gives grants to local groups, schools and projects. Our aim is to give {target} in grants by {target_year}.",
          },
          { key: "hero_button", label: "Button", max: 40, default: "Request application details" },
        ],
      },
      {
        heading: "How it works",
        fields: [
          ...sectionFields("how", "How it works", "Simple, local and fair"),
          ...FUND_STEPS.flatMap((step, i) => [
            { key: `step_${i + 1}_title`, label: `Step ${i + 1}`, max: 60, default: step.title },
            { key: `step_${i + 1}_body`, label: `Step ${i + 1} text`, max: 400, long: true, default: step.body },
          ]),
        ],
      },
      {
        heading: "Recipients",
        fields: [
          { key: "current_empty", label: "When this year has no recipient yet", max: 200, default: "This year's grants will be announced soon." },
          ...sectionFields("previous", "Previous recipients", "Already making a difference"),
        ],
      },
      {
        heading: "Applying",
        fields: [
          { key: "apply_title", label: "Heading", max: 80, default: "Could your group use a grant?" },
          {
            key: "apply_text",
            label: "Text",
            max: 400,
            long: true,
            default:
              "Email us and we will send you the application details, the dates of the next trustee meetings and a few tips from groups who have applied before.",
          },
          { key: "apply_button", label: "Button", max: 40, default: "Email us for application details" },
        ],
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
          { key: "hero_eyebrow", label: "Small heading", max: 40, default: "Local causes" },
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
          { key: "suggest_button", label: "Button", max: 40, default: "About the Community Fund" },
        ],
      },
    ],
  },
  support: {
    title: "Support page",
    path: "/support",
    intro: "Donating, volunteering and corporate support (volunteer roles and the FAQ have their own screens).",
    sections: [
      {
        heading: "Introduction",
        fields: [
          ...heroFields(
            "Support us",
            "Help Millbrook thrive",
            "Whether you give money, time or a bit of both, your support goes straight back into the town: to youth clubs, warm spaces, community gardens and the neighbours who need a hand.",
          ),
          { key: "hero_primary", label: "First button", max: 30, default: "Donate now" },
          { key: "hero_secondary", label: "Second button", max: 30, default: "Volunteer with us" },
        ],
      },
      {
        heading: "Ways to help",
        fields: [
          ...sectionFields("ways", "Ways to help", "Three ways to make a difference"),
          ...SUPPORT_WAYS.flatMap((way, i) => [
            { key: `way_${i + 1}_title`, label: `Way ${i + 1}`, max: 40, default: way.title },
            { key: `way_${i + 1}_body`, label: `Way ${i + 1} text`, max: 200, long: true, default: way.body },
            { key: `way_${i + 1}_link`, label: `Way ${i + 1} link text`, max: 30, default: way.cta },
          ]),
        ],
      },
      {
        heading: "Donate",
        fields: [
          ...sectionFields("donate", "Donate", "Give to the Community Fund"),
          {
            key: "donate_text",
            label: "Text",
            max: 600,
            long: true,
            default:
              "Your donation is pooled in the Millbrook Community Fund and given out as grants to local groups, chosen by our volunteer trustees. Three quarters (75%) of all we raise goes to local groups as grants.",
          },
          ...DONATION_EXAMPLES.flatMap(([amount, what], i) => [
            {
              key: `example_${i + 1}_amount`,
              label: `Example ${i + 1}: amount`,
              hint: i === 0 ? "Leave the amount empty to leave this example out." : undefined,
              max: 12,
              optional: true,
              default: amount,
            },
            { key: `example_${i + 1}_text`, label: `Example ${i + 1}: what it does`, max: 120, optional: true, default: what },
          ]),
        ],
      },
      {
        heading: "Volunteer",
        fields: [
          ...sectionFields("volunteer", "Volunteer", "Give a little time"),
          {
            key: "volunteer_intro",
            label: "Introduction",
            max: 400,
            long: true,
            default:
              "Our volunteers are the heart of everything we do. Whether you can spare an afternoon a year or a few hours a week, there is a role for you.",
          },
          { key: "form_title", label: "Form heading", max: 60, default: "Volunteer application" },
          { key: "form_intro", label: "Form introduction", max: 200, default: "It only takes a few minutes. We will never share your details." },
          { key: "thanks_title", label: "Thank-you heading", max: 80, default: "Thank you for offering to volunteer!" },
          {
            key: "thanks_text",
            label: "Thank-you text",
            max: 300,
            long: true,
            default: "Our volunteer coordinator will be in touch within a week to talk about roles that suit you.",
          },
        ],
      },
      {
        heading: "Corporate support",
        fields: [
          ...sectionFields("corporate", "Businesses", "Corporate support"),
          {
            key: "corporate_text",
            label: "Text",
            max: 500,
            long: true,
            default:
              "Sponsor an event, donate a raffle prize, match your staff's fundraising or bring your team for a volunteering day. We will thank you publicly and tell you exactly what your support achieved.",
          },
          { key: "corporate_button", label: "Button", max: 40, default: "Email our partnerships team" },
        ],
      },
      { heading: "Questions", fields: sectionFields("faq", "FAQ", "Frequently asked questions") },
    ],
  },
  trustees: {
    title: "Trustees page",
    path: "/trustees",
    intro: "The words around the trustees and annual reports (kept under Trustees and Annual reports).",
    sections: [
      {
        heading: "Introduction",
        fields: heroFields(
          "Governance",
          "Our trustees",
          "Millbrook Community Foundation is a registered charity (number {charity_number}) governed by a board of volunteer trustees. They meet every month, decide how the Community Fund is spent, and make sure every pound is used well and accounted for.",
        ).map((f) => (f.key === "hero_intro" ? { ...f, hint: "{charity_number} shows the charity number from Settings." } : f)),
      },
      {
        heading: "The board",
        fields: [
          ...sectionFields("board", "The board", "Meet the people who keep us on track"),
          { key: "board_empty", label: "When no trustee is shown", max: 200, default: "Our trustees will be introduced here soon." },
        ],
      },
      {
        heading: "Becoming a trustee",
        fields: [
          ...sectionFields("join", "Join us", "Could you be a trustee?"),
          {
            key: "join_text_1",
            label: "First paragraph",
            max: 600,
            long: true,
            default:
              "We are always glad to hear from people who love Millbrook and would like to help steer the Foundation. You do not need board experience: common sense, curiosity and a few hours a month matter most.",
          },
          {
            key: "join_text_2",
            label: "Second paragraph",
            max: 600,
            long: true,
            optional: true,
            default:
              "We especially welcome younger people, parents, and anyone with experience of finance, law, marketing or running a community group.",
          },
          ...listFields("join_fact", "Fact", [
            "Trustees serve terms of three years",
            "A maximum of two consecutive terms",
            "The board meets monthly, usually on a weekday evening",
            "Trustees are volunteers and are never paid",
          ]),
          { key: "join_button", label: "Button", max: 40, default: "Ask about becoming a trustee" },
        ],
      },
      {
        heading: "Annual reports",
        fields: [
          ...sectionFields("reports", "Accountability", "Annual reports"),
          {
            key: "reports_intro",
            label: "Introduction",
            max: 400,
            long: true,
            default: "Our annual reports explain what we raised, who we funded and what we learned. They are also filed with the Charity Commission.",
          },
          { key: "reports_empty", label: "When there is no report", max: 200, default: "Our annual reports will be published here." },
        ],
      },
    ],
  },
  "craft-fairs": {
    title: "Craft Fairs page",
    path: "/craft-fairs",
    intro: "The words around the fairs and the gallery (kept under Craft fairs and Craft fair gallery), with the stallholders' words.",
    sections: [
      {
        heading: "Introduction",
        fields: [
          ...heroFields(
            "Craft fairs",
            "Handmade in Millbrook",
            "Our craft fairs bring together the town's potters, knitters, woodworkers and jewellers for a day of browsing, chatting and finding gifts you won't see anywhere else. Stall fees go to the Community Fund.",
          ),
          { key: "upcoming_empty", label: "When no fair is coming up", max: 200, default: "No upcoming craft fairs at the moment. Please check back later." },
          ...pagingFields("fairs"),
        ],
      },
      {
        heading: "Past fairs",
        fields: [
          { key: "gallery_title", label: "Gallery heading", max: 60, default: "Gallery" },
          { key: "testimonials_title", label: "Stallholders' words heading", max: 60, default: "What stallholders say" },
          ...CRAFT_FAIR_TESTIMONIALS.flatMap((t, i) => [
            {
              key: `testimonial_${i + 1}_quote`,
              label: `Stallholder ${i + 1}: words`,
              hint: i === 0 ? "Leave the words empty to leave this stallholder out." : undefined,
              max: 300,
              long: true,
              optional: true,
              default: t.quote,
            },
            { key: `testimonial_${i + 1}_name`, label: `Stallholder ${i + 1}: name`, max: 60, optional: true, default: t.name },
            { key: `testimonial_${i + 1}_stall`, label: `Stallholder ${i + 1}: stall`, max: 60, optional: true, default: t.business },
          ]),
        ],
      },
      {
        heading: "Apply for a stall",
        fields: [
          { key: "info_title", label: "Stall information heading", max: 60, default: "Stall information" },
          { key: "info_note", label: "Stall information note", max: 200, default: "Setup opens 2 hours before the fair. Tables and chairs are provided." },
          { key: "steps_title", label: "Steps heading", max: 60, default: "How it works" },
          ...listFields(
            "step",
            "Step",
            [
              "Fill in the form with photos of your work",
              "We review applications within 14 days",
              "If accepted, you pay your stall fee to confirm",
              "We send your stall number and setup details",
            ],
            120,
          ),
          { key: "form_title", label: "Form heading", max: 60, default: "Stall application form" },
        ],
      },
    ],
  },
  events: {
    title: "Events page",
    path: "/events",
    intro: "The words around the list of events (the events themselves are under Events).",
    sections: [
      {
        heading: "Introduction",
        fields: heroFields(
          "What's on",
          "Events for everyone in Millbrook",
          "From black-tie galas to muddy fun runs, every event raises money for the Community Fund and brings the town together. Pick something you love and come along.",
        ),
      },
      {
        heading: "Upcoming and past events",
        fields: [
          ...sectionFields("upcoming", "Upcoming", "Upcoming events"),
          { key: "upcoming_empty", label: "When no event is in a category", max: 200, default: "No events found for this category. Please check back later." },
          ...pagingFields("events"),
          ...sectionFields("past", "Looking back", "Past events"),
          { key: "past_intro", label: "Past events introduction", max: 300, default: "Thank you to everyone who came along, helped out and gave generously." },
        ],
      },
      {
        heading: "Hosting an event",
        fields: [
          { key: "host_title", label: "Heading", max: 80, default: "Want to host an event?" },
          {
            key: "host_text",
            label: "Text",
            max: 500,
            long: true,
            default:
              "Bake sales, sponsored swims, gigs in the back room of the pub: if you would like to raise money for Millbrook, we will help with posters, collection buckets, insurance and spreading the word.",
          },
          { key: "host_button", label: "Button", max: 50, default: "Email us about hosting an event" },
        ],
      },
    ],
  },
  news: {
    title: "News page",
    path: "/news",
    intro: "The words around the list of news posts (the posts are under News).",
    sections: [
      {
        heading: "Introduction",
        fields: [
          ...heroFields("News", "News from Millbrook", "Stories and announcements: what your support has made happen, and what is coming up next."),
          { key: "empty", label: "When there is no news", max: 200, default: "There is no news yet. Please check back soon." },
          { key: "feed_text", label: "Feed line", max: 120, default: "Follow our news in a feed reader:" },
          { key: "feed_link", label: "Feed link text", max: 60, default: "news feed (Atom)" },
        ],
      },
    ],
  },
  awards: {
    title: "Awards page",
    path: "/awards",
    intro: "The words around the awards round and winners (their dates, categories and winners are under Awards).",
    sections: [
      {
        heading: "Introduction",
        fields: [
          ...heroFields(
            "Millbrook Community Awards",
            "Celebrating the people who make Millbrook special",
            "Every town has its quiet heroes: the volunteer driver, the coach who never misses a Saturday, the teenager who starts a homework club. Our awards say thank you, out loud.",
          ),
          { key: "hero_button", label: "Button", hint: "Shown while nominations are open: it opens the nomination form.", max: 40, default: "Nominate someone" },
        ],
      },
      {
        heading: "About the awards",
        fields: [
          { key: "about_title", label: "Heading", max: 80, default: "About the awards" },
          {
            key: "about_text_1",
            label: "First paragraph",
            max: 600,
            long: true,
            default:
              "The Millbrook Community Awards recognise the volunteers, groups and young people whose kindness and hard work so often go unnoticed. Anyone can nominate, and nominations are read by an independent panel of local residents.",
          },
          {
            key: "about_text_2",
            label: "Second paragraph",
            hint: "{venue} shows the ceremony's venue from the awards round.",
            max: 600,
            long: true,
            optional: true,
            default:
              "Winners and shortlisted nominees are invited to a celebration evening at {venue}, with dinner, music and the presentation of the awards, made by a Millbrook potter.",
          },
          { key: "dates_title", label: "Key dates heading", max: 40, default: "Key dates" },
        ],
      },
      {
        heading: "Winners and nominations",
        fields: [
          { key: "winners_empty", label: "When there are no winners yet", max: 200, default: "Our first winners will be announced at the ceremony." },
          { key: "nominate_title", label: "Nomination form heading", max: 60, default: "Make a nomination" },
          {
            key: "nominate_intro",
            label: "Nomination form introduction",
            hint: "{closing_date} shows the closing date of the round.",
            max: 300,
            default: "Nominations close {closing_date}. Tell us in your own words: there are no wrong answers.",
          },
        ],
      },
    ],
  },
  footer: {
    title: "Footer",
    path: "/",
    intro: "The headings and words at the foot of every public page (the contact details are under Contact details).",
    sections: [
      {
        heading: "Footer",
        fields: [
          { key: "contact_title", label: "Contact heading", max: 40, default: "Visit or call" },
          { key: "explore_title", label: "Links heading", max: 40, default: "Explore" },
          { key: "local_title", label: "Giving heading", max: 40, default: "Every pound stays local" },
          {
            key: "local_text",
            label: "Giving text",
            max: 300,
            long: true,
            default: "Money raised at our events, fairs and through your donations goes back into Millbrook through the Community Fund.",
          },
          { key: "local_button", label: "Giving button", max: 30, default: "Make a donation" },
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
