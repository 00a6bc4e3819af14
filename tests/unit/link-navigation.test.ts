import { describe, expect, it } from "vitest";
import { inAppNavigationPath } from "../../app/components/site/link-navigation.ts";

const current = new URL("https://millbrook.example/events/1?from=home");

/** A click on an <a> with these attributes (or on an element inside one). */
type Modifiers = { button?: number } & Partial<Record<"metaKey" | "ctrlKey" | "shiftKey" | "altKey" | "defaultPrevented", boolean>>;

function click(attributes: Record<string, string> | null, modifiers: Modifiers = {}) {
  const anchor = attributes && {
    target: attributes.target ?? "",
    getAttribute: (name: string) => attributes[name] ?? null,
    hasAttribute: (name: string) => name in attributes,
  };
  const inner = { closest: (selector: string) => (selector === "a[href]" && anchor && "href" in attributes! ? anchor : null) };
  return { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, ...modifiers, target: inner as unknown as EventTarget };
}

describe("plain in-site links navigate within the app", () => {
  it("takes a left click on a link to another page of the site, keeping its query and fragment", () => {
    expect(inAppNavigationPath(click({ href: "/events" }), current)).toBe("/events");
    expect(inAppNavigationPath(click({ href: "/support#donate" }), current)).toBe("/support#donate");
    expect(inAppNavigationPath(click({ href: "https://millbrook.example/about?x=1" }), current)).toBe("/about?x=1");
    expect(inAppNavigationPath(click({ href: "/events/1" }), current)).toBe("/events/1");
  });

  it("leaves new tabs and windows, and clicks already handled, to the browser", () => {
    for (const modifier of ["metaKey", "ctrlKey", "shiftKey", "altKey", "defaultPrevented"] as const) {
      expect(inAppNavigationPath(click({ href: "/events" }, { [modifier]: true }), current), modifier).toBeNull();
    }
    expect(inAppNavigationPath(click({ href: "/events" }, { button: 1 }), current)).toBeNull();
    expect(inAppNavigationPath(click({ href: "/events", target: "_blank" }), current)).toBeNull();
    expect(inAppNavigationPath(click({ href: "/events", target: "_self" }), current)).toBe("/events");
  });

  it("leaves downloads, files, other sites, other schemes, in-page links and marked links to the browser", () => {
    expect(inAppNavigationPath(click({ href: "/events/1/calendar.ics", download: "" }), current)).toBeNull();
    expect(inAppNavigationPath(click({ href: "/reports/annual-report.pdf" }), current)).toBeNull();
    expect(inAppNavigationPath(click({ href: "https://facebook.com/millbrook" }), current)).toBeNull();
    expect(inAppNavigationPath(click({ href: "mailto:info@millbrookfoundation.org.uk" }), current)).toBeNull();
    expect(inAppNavigationPath(click({ href: "#main" }), current)).toBeNull();
    expect(inAppNavigationPath(click({ href: "/support", "data-reload-document": "" }), current)).toBeNull();
    expect(inAppNavigationPath(click(null), current)).toBeNull(); // not on a link
  });
});
