/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps what arrives, for
 * tests that check mail the site sends. Point the site at it with SMTP_URL=smtp://127.0.0.1:<port>.
 */
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
  return { ...envelope, subject: top.header("Subject"), text: (textPart?.part.body ?? "").replace(/\r\n/g, "\n"), attachments, raw };
}

/**
 * `refuse`: how many deliveries to refuse first (a temporary 451 error), as a failing server would.
 * `delayMs`: how long each message takes to be accepted (a real server's work), so messages overlap.
 */
export async function startSmtpCatcher(options: { refuse?: number; delayMs?: number } = {}) {
  const mails: CaughtMail[] = [];
  let refused = 0;
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
        mails.push(parseMail(Buffer.concat(chunks).toString("utf8"), envelope));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** How many deliveries were refused so far. */
    refused: () => refused,
    /** The most messages being received at one time so far. */
    mostInFlight: () => mostInFlight,
    /** SMTP connections opened so far. */
    connections: () => connections,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
