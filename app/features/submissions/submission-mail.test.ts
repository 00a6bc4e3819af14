import { describe, expect, it } from "vitest";
import { submissionMails } from "./submission-mail.server.ts";

describe("submission mail", () => {
  it("sends the applicant a receipt with the reference and the staff a notice with the inbox link, without the submitted data", () => {
    const [receipt, notice] = submissionMails(
      { kind: "stall_application", reference: "STL-ABCD2345", email: "maker@example.org" },
      { site_name: "Millbrook Community Foundation", contact_email: "info@millbrookfoundation.org.uk" },
      "https://millbrook.example",
    );
    expect(receipt!.to).toBe("maker@example.org");
    expect(receipt!.subject).toContain("STL-ABCD2345");
    expect(receipt!.text).toContain("Your reference number is STL-ABCD2345");
    expect(notice!.to).toBe("info@millbrookfoundation.org.uk");
    expect(notice!.text).toContain("https://millbrook.example/admin/inbox?q=STL-ABCD2345");
    expect(notice!.text).not.toContain("maker@example.org");
  });
});
