/**
 * Kept markup (docs/decisions/361): the public header, footer and event cards, written
 * from what an earlier render kept, are the same bytes as rendered afresh; a change to what
 * they show is in the next render; a part whose markup depends on its place is never kept.
 */
import { useId, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { SiteFooter, type FooterProps } from "../../app/components/site/footer.tsx";
import { SiteHeader } from "../../app/components/site/header.tsx";
import { CauseCard } from "../../app/features/causes/cause-card.tsx";
import { EventCard, type EventCardData } from "../../app/features/events/event-card.tsx";
import { NewsCard, type NewsCardData } from "../../app/features/news/news-card.tsx";
import { MarkupStoreContext, useStoredMarkup, type MarkupStore } from "../../app/lib/stored-markup.ts";
import { forgetStoredMarkup, markupStore } from "../../app/lib/stored-markup.server.ts";

const footer: FooterProps = {
  siteName: "Millbrook Community Foundation",
  tagline: "Neighbours helping neighbours",
  contactEmail: "info@example.org",
  charityNumber: "1234567",
  address: ["1 High Street", "Millbrook"],
  phone: "01234 567890",
  social: { facebook: "https://facebook.com/millbrook", twitter: null, instagram: null },
  year: 2026,
  texts: { contact_title: "Contact", explore_title: "Explore", local_title: "Local", local_text: "Give <locally> & often", local_button: "Donate" },
};

const event = (id: number, title = `Coffee morning ${id}`): EventCardData => ({
  id,
  title,
  date: "2027-03-18",
  time: "10:00",
  description: "Coffee, cake and a chat.",
  location: "St Mary's Church Hall",
  category: "social",
  ticket_price: null,
  booking_mode: "free",
  ticket_price_pence: null,
  image: null,
  later_dates: ["2027-03-25", "2027-04-01"],
});

/** A page as the public layout puts it together (with text beside the parts, as a page has). */
function Page({ path, name = footer.siteName, props = footer, cards = [event(1), event(2)] }: { path: string; name?: string; props?: FooterProps; cards?: EventCardData[] }) {
  return (
    <html lang="en-GB">
      <head>
        <title>Millbrook</title>
      </head>
      <body>
        <MemoryRouter initialEntries={[path]}>
          {"Skip"}
          <SiteHeader siteName={name} />
          <main>
            {cards.map((card, i) => (
              <EventCard key={card.id} event={card} firstScreen={i === 0} />
            ))}
            {cards.map((card) => (
              <EventCard key={`past ${card.id}`} event={card} past headingLevel={2} />
            ))}
          </main>
          <SiteFooter {...props} signup={<p>Sign up</p>} />
          {"after"}
        </MemoryRouter>
      </body>
    </html>
  );
}

/** Renders as the server's renderer does: with a store, kept parts written as kept and new ones kept after. */
function render(element: ReactElement, stored = true): string {
  if (!stored) return renderToString(element);
  const store = markupStore();
  const html = renderToString(<MarkupStoreContext value={store}>{element}</MarkupStoreContext>);
  store.finish(html);
  return html;
}

/** Counts the parts written from kept markup in a render (the store's answers). */
function keptIn(element: ReactElement): number {
  const store = markupStore();
  let kept = 0;
  const counting: MarkupStore = {
    get: (key) => {
      const found = store.get(key);
      if (found) kept++;
      return found;
    },
    missed: (key, part) => store.missed(key, part),
  };
  renderToString(<MarkupStoreContext value={counting}>{element}</MarkupStoreContext>);
  return kept;
}

beforeEach(() => forgetStoredMarkup());

describe("kept markup of the public header, footer and event cards", () => {
  it("writes the same bytes as a fresh render, on the render that keeps the parts and on the next ones", () => {
    for (const path of ["/", "/events/1", "/news", "/privacy"]) {
      const afresh = render(<Page path={path} />, false);
      expect(afresh.includes('aria-current="page"')).toBe(path !== "/privacy");
      expect(render(<Page path={path} />)).toBe(afresh);
      expect(render(<Page path={path} />)).toBe(afresh);
    }
    // Header (by active link), footer, and the cards but the first screen's: all written as kept.
    expect(keptIn(<Page path="/events/1" />)).toBe(1 + 1 + 1 + 2);
  });

  it("keys the header by its active link, not by the page's address", () => {
    render(<Page path="/events/1" />);
    render(<Page path="/events/2" />);
    const afresh = render(<Page path="/news/some-post" />, false);
    expect(render(<Page path="/news/some-post" />)).toBe(afresh);
    expect(afresh).toMatch(/<a href="\/news" aria-current="page">News<\/a>/);
  });

  it("shows an edit in the next render: new settings, contact details or event make new keys", () => {
    render(<Page path="/" />);
    const edited = { ...footer, phone: "01999 000111", address: ["2 Mill Lane"], texts: { ...footer.texts, local_text: "Changed words" } };
    const next = render(<Page path="/" name="Millbrook Foundation" props={edited} cards={[event(1), event(2, "Repair café")]} />);
    expect(next).toBe(renderToString(<Page path="/" name="Millbrook Foundation" props={edited} cards={[event(1), event(2, "Repair café")]} />));
    expect(next).toContain("01999 000111");
    expect(next).toContain("2 Mill Lane");
    expect(next).toContain("Changed words");
    expect(next).toContain("Repair café");
    expect(next).not.toContain("01234 567890");
    expect(next).toContain(">Millbrook Foundation</span>");
  });

  it("keeps the first screen's card out (React preloads its eager picture in the head)", () => {
    const afresh = render(<Page path="/events" />, false);
    expect(afresh).toMatch(/<link rel="preload" as="image"/);
    render(<Page path="/events" />);
    expect(render(<Page path="/events" />)).toBe(afresh);
  });

  it("never keeps a part whose markup depends on its place in the page", () => {
    // An id from useId inside the part: on its own, the part is at another place in another tree.
    function Field() {
      const id = useId();
      return (
        <label htmlFor={id}>
          Label <input id={id} />
        </label>
      );
    }
    function Labelled() {
      return useStoredMarkup("labelled", () => (
        <p className="x">
          <Field />
        </p>
      ));
    }
    const page = (
      <div>
        <span>before</span>
        <section>
          <Labelled />
        </section>
      </div>
    );
    const afresh = render(page, false);
    render(page);
    expect(keptIn(page)).toBe(0);
    expect(render(page)).toBe(afresh);
  });

  it("keeps news and cause cards the same way (but the first screen's)", () => {
    const post = (slug: string): NewsCardData => ({ slug, title: `Post ${slug}`, summary: "What happened", image: null, image_alt: "", author: "Sam", published_at: "2026-11-25T09:30:00.000Z" });
    const cause = { title: "Food bank", description: "Meals", image: null, image_alt: "", raised_pence: 12_500, goal_pence: 50_000 };
    const cards = (goal = cause.goal_pence) => (
      <div>
        <NewsCard post={post("a")} firstScreen />
        <NewsCard post={post("b")} headingLevel={3} />
        <CauseCard cause={{ ...cause, goal_pence: goal }} />
      </div>
    );
    const afresh = render(cards(), false);
    render(cards());
    expect(keptIn(cards())).toBe(2);
    expect(render(cards())).toBe(afresh);
    // A new goal is a new key: the next render shows it.
    expect(render(cards(12_500))).toBe(render(cards(12_500), false));
    expect(render(cards(12_500))).toContain("Goal reached, thank you!");
  });

  it("renders as usual without a store (the browser)", () => {
    expect(renderToString(<Page path="/" />)).toBe(render(<Page path="/" />));
  });
});
