/**
 * The trustees' summary: one A4 page for the board papers with the period's figures
 * against the year before and the main charts (pdfkit; the charts are the reports' own
 * SVG, drawn into the PDF by svg-to-pdfkit).
 */
import { createHash } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { change, formatValue, type Chart, type Figure } from "./chart.ts";
import { CHART_WIDTH, ChartSvg, chartHeight } from "./charts/chart-svg.tsx";
import type { Period } from "./period.ts";
import type { Report } from "./reports.server.ts";

const BRAND = "#123b30";
const MUTED = "#5b6770";
const LINE = "#d5dde1";

export interface SummaryInput {
  charityName: string;
  period: Period;
  /** The reports the staff member may see, by name. */
  sections: { title: string; report: Report }[];
  /** The charts to draw, in order (the first full width, the next two side by side). */
  charts: Chart[];
  madeOn: string;
}

/** PDFs kept, newest used last: a few periods for a few staff members, a few hundred KB. */
const CACHE_SIZE = 24;
const made = new Map<string, Promise<Buffer>>();

/**
 * The summary, made once for each set of inputs: the key is a hash of everything the page
 * is drawn from (the figures, the charts' numbers, the period, the charity's name, the day),
 * so a new gift, a refund or another day makes a new PDF and nothing stale is ever served.
 * Drawing the page costs far more than computing its figures.
 */
export function cachedTrusteesSummaryPdf(input: SummaryInput): Promise<Buffer> {
  const key = createHash("sha256").update(JSON.stringify(input)).digest("hex");
  const hit = made.get(key);
  if (hit) {
    made.delete(key);
    made.set(key, hit);
    return hit;
  }
  const pdf = trusteesSummaryPdf(input);
  made.set(key, pdf);
  pdf.catch(() => made.delete(key));
  while (made.size > CACHE_SIZE) made.delete(made.keys().next().value!);
  return pdf;
}

async function trusteesSummaryPdf(input: SummaryInput): Promise<Buffer> {
  // pdfkit and svg-to-pdfkit load on the first summary, not with the server (staff only).
  const [{ default: PDFDocument }, { default: SVGtoPDF }] = await Promise.all([import("pdfkit"), import("svg-to-pdfkit")]);
  const doc = new PDFDocument({ size: "A4", margin: 40, info: { Title: `Trustees' summary: ${input.period.label}`, Author: input.charityName } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  const left = 40;
  const width = doc.page.width - 80;

  doc.fillColor(MUTED).font("Helvetica").fontSize(9).text(input.charityName.toUpperCase(), left, 36, { characterSpacing: 1 });
  doc.fillColor(BRAND).font("Helvetica-Bold").fontSize(20).text(`Trustees' summary: ${input.period.label}`, left, 50, { width });
  doc.fillColor(MUTED).font("Helvetica").fontSize(9).text(`${input.period.from} to ${input.period.to}, compared with ${input.period.previous.label}. Made on ${input.madeOn}.`, left, doc.y + 2, { width });

  let y = doc.y + 10;
  for (const section of input.sections) {
    doc.moveTo(left, y).lineTo(left + width, y).strokeColor(LINE).lineWidth(0.7).stroke();
    doc.fillColor(BRAND).font("Helvetica-Bold").fontSize(10).text(section.title, left, y + 5);
    y += 19;
    const figures = section.report.figures.slice(0, 8);
    const colWidth = width / 4;
    figures.forEach((figure, i) => {
      const x = left + (i % 4) * colWidth;
      const row = y + Math.floor(i / 4) * 38;
      drawFigure(doc, figure, x, row, colWidth - 8);
    });
    y += Math.ceil(figures.length / 4) * 38 + 4;
  }

  const [first, ...rest] = input.charts;
  const drawChart = (chart: Chart, x: number, top: number, w: number) => {
    doc.fillColor(BRAND).font("Helvetica-Bold").fontSize(10).text(chart.title, x, top, { width: w });
    // Half-width charts are drawn as the phones' narrow version, so their words stay readable.
    const units = w < 400 ? 360 : CHART_WIDTH;
    const scale = w / units;
    const h = Math.min(chartHeight(chart, units), 300) * scale;
    const svg = renderToStaticMarkup(createElement(ChartSvg, { chart, width: units }));
    SVGtoPDF(doc, svg, x, top + 14, { width: w, height: h, preserveAspectRatio: "xMinYMin meet" });
    return top + 14 + h;
  };
  if (first) y = drawChart(first, left, y + 6, width) + 8;
  const half = (width - 16) / 2;
  let bottom = y;
  rest.slice(0, 2).forEach((chart, i) => {
    bottom = Math.max(bottom, drawChart(chart, left + i * (half + 16), y, half));
  });
  doc.fillColor(MUTED).font("Helvetica").fontSize(7.5).text(
    "Money in is gifts received less refunds, on the day of the refund. Gift Aid is 25p for every £1 given with a declaration. Every figure and chart is on the Reports screens, with its table and CSV.",
    left,
    Math.min(bottom + 8, doc.page.height - 60),
    { width },
  );
  doc.end();
  return done;
}

function drawFigure(doc: PDFKit.PDFDocument, figure: Figure, x: number, y: number, width: number) {
  doc.fillColor(MUTED).font("Helvetica").fontSize(7.5).text(figure.label, x, y, { width, lineBreak: false, ellipsis: true });
  doc.fillColor(BRAND).font("Helvetica-Bold").fontSize(13).text(formatValue(figure.value, figure.unit), x, y + 10, { width, lineBreak: false });
  if (figure.previous !== null) {
    doc
      .fillColor(MUTED)
      .font("Helvetica")
      .fontSize(7)
      .text(`Year before ${formatValue(figure.previous, figure.unit)} (${change(figure.value, figure.previous)})`, x, y + 26, { width, lineBreak: false, ellipsis: true });
  }
}
