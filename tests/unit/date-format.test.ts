import { describe, expect, it } from "vitest";
import { formatAdminDate } from "../../app/components/admin/content-list.tsx";
import { formatShortDate } from "../../app/components/site/format.ts";
import { formatUk } from "../../app/lib/uk-time.ts";

describe("dates across the site and the admin area", () => {
  it("abbreviate September as 'Sep', like every other month, in every format", () => {
    expect(formatShortDate("2026-09-20")).toBe("20 Sep 2026");
    expect(formatAdminDate("2026-09-20")).toBe("20 Sep 2026");
    expect(formatUk("2026-09-20T13:05:09Z", "date-time")).toBe("20 Sep 2026, 14:05");
    expect(formatUk("2026-09-20T13:05:09Z", "date-time", { seconds: true })).toBe("20 Sep 2026, 14:05:09");
    expect(formatAdminDate("2026-07-12")).toBe("12 Jul 2026");
  });

  it("show times in UK local time: GMT in winter, BST in summer", () => {
    expect(formatUk("2026-01-20T09:30:00Z", "date-time")).toBe("20 Jan 2026, 09:30");
    expect(formatUk("2026-07-12T23:30:00Z", "date-time")).toBe("13 Jul 2026, 00:30");
  });
});
