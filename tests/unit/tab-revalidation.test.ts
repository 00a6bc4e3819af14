import { describe, expect, it } from "vitest";
import { skipRevalidationOnTabChange } from "../../app/components/ui/tabs.tsx";

const revalidates = (from: string, to: string, formMethod?: "POST") =>
  skipRevalidationOnTabChange({
    currentUrl: new URL(from, "http://x"),
    nextUrl: new URL(to, "http://x"),
    formMethod,
    defaultShouldRevalidate: true,
  } as Parameters<typeof skipRevalidationOnTabChange>[0]);

describe("skipRevalidationOnTabChange", () => {
  it("keeps the data when only the tab changes", () => {
    expect(revalidates("/craft-fairs", "/craft-fairs?tab=past")).toBe(false);
    expect(revalidates("/craft-fairs?tab=past", "/craft-fairs?tab=apply")).toBe(false);
  });

  it("reloads for another page of a list, the same address again, a form post or another path", () => {
    expect(revalidates("/craft-fairs?tab=upcoming", "/craft-fairs?tab=upcoming&page=2")).toBe(true);
    expect(revalidates("/craft-fairs?tab=upcoming&page=2", "/craft-fairs?tab=past")).toBe(true);
    expect(revalidates("/craft-fairs?tab=past", "/craft-fairs?tab=past")).toBe(true);
    expect(revalidates("/craft-fairs?tab=past", "/craft-fairs?tab=apply", "POST")).toBe(true);
    expect(revalidates("/craft-fairs?tab=past", "/events?tab=past")).toBe(true);
  });
});
