/** An event's "Add to calendar" file. */
import { describe, expect, it } from "vitest";
import { eventToIcs, foldLine, icsEscape } from "./calendar.ts";

describe("calendar files", () => {
  it("escapes text and folds long lines", () => {
    expect(icsEscape("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
    const folded = foldLine("X".repeat(200));
    expect(folded.split("\r\n").every((line) => line.length <= 75)).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe("X".repeat(200));
  });

  it("writes a VEVENT in Millbrook's time zone", () => {
    const ics = eventToIcs(
      { id: 1, title: "Gala, with dinner", date: "2027-03-13", time: "19:00", description: "Dinner", location: "Town Hall", url: "http://x/events/1" },
      new Date("2026-01-01T00:00:00Z"),
    );
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toContain("DTSTART;TZID=Europe/London:20270313T190000");
    expect(ics).toContain("DTEND;TZID=Europe/London:20270313T220000");
    expect(ics).toContain("SUMMARY:Gala\\, with dinner");
    expect(ics).toContain("UID:event-1@millbrookfoundation.org.uk");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });
});
