/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps what arrives: the
 * tests that check mail the site sends, and `npm run dev`, which points the site at it
 * (without SMTP_URL) and lists what it caught at /__dev/mail. Point the site at it with
 * SMTP_URL=smtp://127.0.0.1:<port>. Never part of a production build or start.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  /** The plain-text body (of a multipart message, its text/plain part). */
  text: string;
  /** The attached files of a multipart message, decoded. */
  attachments: { filename: string; contentType: string; content: string }[];
  raw: string;
}

/** Quoted-printable (RFC 2045) to text. */
function decodeQuotedPrintable(body: string): string {
  const bytes = Buffer.from(body.replace(/=\r?\n/g, ""), "latin1");
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x3d && /^[0-9A-F]{2}$/i.test(bytes.subarray(i + 1, i + 3).toString("latin1"))) {
      out.push(parseInt(bytes.subarray(i + 1, i + 3).toString("latin1"), 16));
      i += 2;
    } else out.push(bytes[i]);
  }
  return Buffer.from(out).toString("utf8");
}

/** Encoded words in a header (RFC 2047: "=?UTF-8?Q?Caf=C3=A9?=", "=?UTF-8?B?...?=") to text. */
function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, "?==?").replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

interface Part {
  header: (name: string) => string;
  body: string;
}

/** One MIME entity: its headers and its decoded body. */
function parseEntity(raw: string): Part {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  let body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1] ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  if (encoding === "quoted-printable") body = decodeQuotedPrintable(body);
  else if (encoding === "base64") body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return { header, body };
}

/** The leaf parts of a (possibly nested) multipart entity. */
function leafParts(entity: Part, raw: string): { part: Part; raw: string }[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(entity.header("Content-Type"))?.[1];
  if (!/^multipart\//i.test(entity.header("Content-Type")) || !boundary) return [{ part: entity, raw }];
  const content = raw.slice(raw.indexOf("\r\n\r\n") + 4);
  return content
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith("--"))
    .flatMap((chunk) => {
      const inner = chunk.replace(/^\r\n/, "").replace(/\r\n$/, "");
      return leafParts(parseEntity(inner), inner);
    });
}

function parseMail(raw: string, envelope: { from: string; to: string[] }): CaughtMail {
  const top = parseEntity(raw);
  const leaves = leafParts(top, raw);
  const textPart = leaves.find(({ part }) => !part.header("Content-Type") || /^text\/plain/i.test(part.header("Content-Type")));
  const attachments = leaves
    .filter(({ part }) => /attachment|filename=/i.test(part.header("Content-Disposition")) || /name=/i.test(part.header("Content-Type")))
    .map(({ part }) => ({
      filename: /filename="?([^";]+)"?/i.exec(part.header("Content-Disposition"))?.[1] ?? /name="?([^";]+)"?/i.exec(part.header("Content-Type"))?.[1] ?? "",
      contentType: part.header("Content-Type").split(";")[0].trim(),
      content: part.body.replace(/\r\n/g, "\n"),
    }));
  return { ...envelope, subject: decodeHeader(top.header("Subject")), text: (textPart?.part.body ?? "").replace(/\r\n/g, "\n"), attachments, raw };
}

/**
 * `refuse`: how many deliveries to refuse first (a temporary 451 error), as a failing server would.
 * `delayMs`: how long each message takes to be accepted (a real server's work), so messages overlap.
 */
export async function startSmtpCatcher(options: { refuse?: number; delayMs?: number; refuseRecipients?: string[]; keep?: number } = {}) {
  const mails: (CaughtMail & { at: Date })[] = [];
  const keep = options.keep ?? 200;
  const refusedRecipients = new Set((options.refuseRecipients ?? []).map((a) => a.toLowerCase()));
  let refused = 0;
  let received = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Stopping does not wait for clients that keep a connection open (a pooled transport).
    closeTimeout: 100,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    // `refuseRecipients`: addresses refused for good (550 to RCPT TO), as a server that has no such mailbox.
    onRcptTo(address, _session, callback) {
      if (refusedRecipients.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error("No such user here"), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        inFlight--;
        if (refused < (options.refuse ?? 0)) {
          refused++;
          callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
          return;
        }
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        received++;
        // A long dev session keeps the latest 200 (`keep`: 0 keeps none, a benchmark only counts).
        if (keep > 0) mails.push({ ...parseMail(Buffer.concat(chunks).toString("utf8"), envelope), at: new Date() });
        if (mails.length > keep) mails.splice(0, mails.length - keep);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** How many messages were accepted so far (kept or not). */
    received: () => received,
    /** How many deliveries were refused so far. */
    refused: () => refused,
    /** The most messages being received at one time so far. */
    mostInFlight: () => mostInFlight,
    /** SMTP connections opened so far. */
    connections: () => connections,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page of caught mail (newest first), for the dev server's /__dev/mail. */
export function mailCatcherPage(mails: readonly (CaughtMail & { at: Date })[]) {
  return (_req: IncomingMessage, res: ServerResponse) => {
    const items = [...mails]
      .reverse()
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject || "(no subject)")}</h2>
  <p><strong>To:</strong> ${escapeHtml(m.to.join(", "))} · <strong>From:</strong> ${escapeHtml(m.from)} · <time datetime="${m.at.toISOString()}">${escapeHtml(m.at.toLocaleString("en-GB"))}</time></p>
  ${m.attachments.length ? `<p><strong>Attached:</strong> ${m.attachments.map((a) => escapeHtml(`${a.filename} (${a.contentType})`)).join(", ")}</p>` : ""}
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
      )
      .join("\n");
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "no-store");
    res.end(`<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mail sent (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;line-height:1.5}article{border-top:1px solid #ccc;padding-top:.5rem}h2{font-size:1.2rem;overflow-wrap:anywhere}p{overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f5f5f0;padding:.75rem}</style></head>
<body>
<main>
<h1>Mail sent by this development server</h1>
<p>Every email the site sent since <code>npm run dev</code> started (newest first). Nothing left this computer: a mail catcher on loopback received it. Reload to see new ones.</p>
${items || "<p>No mail sent yet.</p>"}
</main>
</body></html>`);
  };
}
