/**
 * Annual reports against a real database: the built-in reports, only real PDFs stored,
 * the newest year first, hidden and deleted reports leaving /trustees.
 */
import { describe, expect, it } from "vitest";
import { storePdf } from "../../storage/documents.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { AnnualReportFormSchema } from "./annual-reports.schema.ts";
import { createAnnualReport, deleteAnnualReport, listAnnualReports, setAnnualReportVisible } from "./annual-reports.server.ts";

setupTestDatabase();

const actor = { userId: null, email: "editor@millbrook.test", ip: "127.0.0.1" };

describe("annual reports", () => {
  const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

  it("starts with the built-in reports, newest first", async () => {
    expect((await listAnnualReports()).items.map((r) => [r.year, r.file])).toEqual([
      [2024, "/reports/annual-report-2024.pdf"],
      [2023, "/reports/annual-report-2023.pdf"],
    ]);
  });

  it("stores only real PDFs, lists the new year first, hides and deletes", async () => {
    await expect(storePdf("reports", new TextEncoder().encode("<!doctype html><script>alert(1)</script>"))).rejects.toThrow("The file is not a PDF");
    await expect(storePdf("reports", new TextEncoder().encode("%PDF-1.4 but cut short"))).rejects.toThrow("The file is not a PDF");
    const file = await storePdf("reports", pdf);
    expect(file).toMatch(/^\/uploads\/reports\/[0-9a-f-]{36}\.pdf$/);
    const report = await createAnnualReport({ year: 2025, title: "Annual Report 2025", is_visible: true, file }, actor);
    expect((await listAnnualReports()).items[0]).toEqual({ year: 2025, title: "Annual Report 2025", file });
    await setAnnualReportVisible(report.id, false, actor);
    expect((await listAnnualReports()).items.map((r) => r.year)).toEqual([2024, 2023]);
    expect(await deleteAnnualReport(report.id, actor)).toBe(true);
    expect(AnnualReportFormSchema.safeParse({ year: "20", title: "Report", is_visible: "on" }).error?.issues[0].message).toBe("Enter a year such as 2025");
  });
});
