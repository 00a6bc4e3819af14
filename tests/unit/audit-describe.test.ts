import { describe, expect, it } from "vitest";
import { describeDetails, describeRecord } from "../../app/domain/audit/describe.ts";

describe("audit log entries in staff's words", () => {
  it("names the record, not its table and id", () => {
    expect(describeRecord("site_settings", "1", null)).toBe("Site settings");
    const id = "ed5aa82d-1c2b-4b8e-9d41-3f0a6f1e2b7c";
    expect(describeRecord("user", id, null, new Map([[id, "jane@example.org"]]))).toBe("Staff member: jane@example.org");
    expect(describeRecord("user", id, null)).toBe("Staff member");
    expect(describeRecord("event", "12", { title: "Summer Fair" })).toBe("Event: Summer Fair");
    expect(describeRecord("gift_aid_claim", "3", { gifts: 4 })).toBe("Gift Aid claim 3");
    expect(describeRecord("page", "home", null)).toBe("Page texts: Home");
    expect(describeRecord(null, null, null)).toBe("");
  });

  it("shows money in pounds", () => {
    expect(describeDetails({ gifts: 2, total_pence: 1250 })).toBe("Gifts: 2; Total: £12.50");
    expect(describeDetails({ amount_pence: 125000 })).toBe("Amount: £1,250.00");
  });
});
