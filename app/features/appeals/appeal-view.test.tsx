/** The appeal's progress bar: gifts and the match together, never shown as more than was raised. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AppealProgress } from "./appeal-view.tsx";
import type { PublicAppeal } from "./appeals.server.ts";

const appeal = (raisedPence: number, matchedPence = 0): PublicAppeal => ({
  id: 1,
  causeId: 1,
  title: "Bus shelter",
  description: "A shelter.",
  goalPence: 200_000,
  startsOn: "2026-11-01",
  endsOn: "2026-11-30",
  state: "open",
  raisedPence,
  gifts: 3,
  match: matchedPence ? { matcherName: "Millbrook Garage", from: "2026-11-10", to: "2026-11-12", capPence: 50_000, matchedPence, running: true } : null,
  updates: [],
});

const bar = (html: string) => ({
  now: /aria-valuenow="(\d+)"/.exec(html)?.[1],
  text: /aria-valuetext="([^"]+)"/.exec(html)?.[1],
  width: /style="width:(\d+)%"/.exec(html)?.[1],
});

describe("an appeal's progress bar", () => {
  it("shows 99% at 99.6% of the goal, gifts and match together, and 100% only at the goal", () => {
    expect(bar(renderToStaticMarkup(<AppealProgress appeal={appeal(149_200, 50_000)} />))).toEqual({ now: "99", text: "£1,992 raised of £2,000 (99%)", width: "99" });
    expect(bar(renderToStaticMarkup(<AppealProgress appeal={appeal(199_999)} />))).toEqual({ now: "99", text: "£1,999.99 raised of £2,000 (99%)", width: "99" });
    expect(bar(renderToStaticMarkup(<AppealProgress appeal={appeal(150_000, 50_000)} />))).toEqual({ now: "100", text: "£2,000 raised of £2,000 (100%)", width: "100" });
  });
});
