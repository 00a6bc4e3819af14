/**
 * The donor's documents as PDFs, written with pdfkit (its built-in Helvetica, so no font
 * files): a receipt for one gift, and the giving statement of one UK tax year (every paid
 * gift with its date and amount, which were Gift Aided, and the totals). Both say that the
 * charity is a registered charity, with its number from the site settings.
 */
import { getContactDetails } from "../contact/index.ts";
import { CHARITY_NAME } from "../giving/ui.ts";
import { getSiteSettings } from "../settings/index.ts";
import { taxYearDays, taxYearLabel } from "./tax-year.ts";
import { formatPenceExact } from "../../lib/money.ts";
import { formatUk, ukDate } from "../../lib/uk-time.ts";

export interface StatementGift {
  reference: string;
  amountPence: number;
  paidAt: Date;
  giftAided: boolean;
  mode: string;
}

const longDate = (date: Date) => formatUk(date, "date");
const shortDate = (iso: string) => {
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${y}`;
};

/** "Millbrook Community Foundation is a registered charity in England and Wales (number 1234567)." */
async function registeredCharityLine(): Promise<string> {
  const number = (await getSiteSettings()).charity_number.trim();
  return number ? `${CHARITY_NAME} is a registered charity, number ${number}.` : `${CHARITY_NAME} is a registered charity.`;
}

async function letterhead(doc: PDFKit.PDFDocument) {
  const contact = await getContactDetails();
  doc.font("Helvetica-Bold").fontSize(18).fillColor("#1e3a5f").text(CHARITY_NAME);
  doc.font("Helvetica").fontSize(9).fillColor("#334155");
  const address = String(contact.address ?? "").split("\n").map((l) => l.trim()).filter(Boolean).join(", ");
  if (address) doc.text(address);
  doc.text(await registeredCharityLine());
  doc.moveDown(1.5).fillColor("#0f172a");
}

function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

/** pdfkit (and its font metrics) loads on the first PDF, not with the server: only donors and staff ask for one. */
async function newDocument(title: string) {
  const { default: PDFDocument } = await import("pdfkit");
  return new PDFDocument({ size: "A4", margin: 56, info: { Title: title, Author: CHARITY_NAME } });
}

export async function receiptPdf(gift: StatementGift & { causeTitle: string | null; donorName: string | null }): Promise<Buffer> {
  const doc = await newDocument(`Receipt ${gift.reference}`);
  await letterhead(doc);
  doc.font("Helvetica-Bold").fontSize(16).text("Receipt for your donation");
  doc.moveDown(0.5).font("Helvetica").fontSize(11);
  if (gift.donorName) doc.text(`Received with thanks from ${gift.donorName}.`).moveDown(0.5);
  const rows: [string, string][] = [
    ["Amount", `${formatPenceExact(gift.amountPence)}${gift.mode === "monthly" ? " (monthly gift)" : ""}`],
    ["Date", longDate(gift.paidAt)],
    ["Reference", gift.reference],
    ["Cause", gift.causeTitle ?? "Where it is needed most"],
    ["Gift Aid", gift.giftAided ? "Yes: we will claim Gift Aid on this gift" : "No"],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font("Helvetica-Bold").text(label, 56, y, { width: 120 });
    doc.font("Helvetica").text(value, 180, y, { width: 360 });
    doc.moveDown(0.3);
  }
  doc.moveDown(1).x = 56;
  doc.fontSize(10).text("No goods or services were given in return for this gift. Thank you for supporting our community.", 56);
  return toBuffer(doc);
}

export async function statementPdf(input: { year: number; donorName: string | null; email: string; gifts: readonly StatementGift[] }): Promise<Buffer> {
  const { from, to } = taxYearDays(input.year);
  const doc = await newDocument(`Giving statement ${taxYearLabel(input.year)}`);
  await letterhead(doc);
  doc.font("Helvetica-Bold").fontSize(16).text(`Your giving statement, tax year ${taxYearLabel(input.year)}`);
  doc.font("Helvetica").fontSize(10).text(`Gifts from ${shortDate(from)} to ${shortDate(to)}, for ${input.donorName ? `${input.donorName} (${input.email})` : input.email}.`);
  doc.moveDown(1);

  const columns = [
    { label: "Date", x: 56, width: 80 },
    { label: "Reference", x: 140, width: 170 },
    { label: "Gift Aid", x: 320, width: 90 },
    { label: "Amount", x: 420, width: 120, align: "right" as const },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y > 760) doc.addPage();
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    cells.forEach((cell, i) => doc.text(cell, columns[i].x, y, { width: columns[i].width, align: columns[i].align ?? "left", lineBreak: false }));
    doc.y = y + 16;
  };
  row(columns.map((c) => c.label), true);
  doc.moveTo(56, doc.y - 3).lineTo(540, doc.y - 3).strokeColor("#94a3b8").stroke();
  for (const gift of input.gifts) {
    row([shortDate(ukDate(gift.paidAt)), gift.reference, gift.giftAided ? "Yes" : "No", formatPenceExact(gift.amountPence)]);
  }
  if (input.gifts.length === 0) row(["", "No gifts in this tax year", "", ""]);
  doc.moveTo(56, doc.y + 2).lineTo(540, doc.y + 2).stroke();
  doc.y += 8;
  const total = input.gifts.reduce((sum, g) => sum + g.amountPence, 0);
  const aided = input.gifts.filter((g) => g.giftAided).reduce((sum, g) => sum + g.amountPence, 0);
  row(["", "Total given", "", formatPenceExact(total)], true);
  row(["", "Of which Gift Aided", "", formatPenceExact(aided)], true);
  doc.moveDown(1.5);
  doc.font("Helvetica").fontSize(9).fillColor("#334155");
  doc.text(
    "If you pay Income Tax at the higher or additional rate, you can claim the difference between that rate and the basic rate on the gross value of your Gift Aided gifts, through your Self Assessment tax return.",
    56,
    doc.y,
    { width: 484 },
  );
  return toBuffer(doc);
}
