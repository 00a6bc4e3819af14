/**
 * Public form submissions (volunteer, stall application, nomination): bot checks,
 * a per-address rate limit, validation with the form's schema, file content checks,
 * private file storage and the form_submissions row staff read later.
 */
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { addressBucket } from "../../auth/throttle.server.ts";
import { getDb } from "../../db/client.server.ts";
import { formSubmissions, type SubmissionKind } from "./table.ts";
import { config } from "../../lib/config.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { privateStore } from "../../storage/file-store.server.ts";
import { EXTENSIONS, IMAGE_TYPES, PDF_TYPE, sniffFileType, type KnownFileType } from "../../storage/file-types.ts";
import { hitCounter, releaseHit } from "../../lib/rate-counters.server.ts";
import { notifySubmission } from "./submission-mail.server.ts";
import { firstIssues, refusedForm, type PublicReply } from "../../lib/form-submission.ts";
import { CONSENT_FIELD, CONSENT_WORDING, consentTicked, linkFromForm } from "../supporters/index.ts";
import { HONEYPOT_FIELD } from "../../lib/honeypot.ts";
import { formDataToObject, ROLE_CHOICE, SUBMISSION_FORMS } from "./submissions.schema.ts";

/**
 * Posts allowed per address and form kind in the window below (every post counts, valid
 * or not, counted before its body is read; each form's posts count only against its own
 * limit, and donations are not counted: a donation is never refused for volunteer offers): the PUBLIC_FORM_RATE_LIMIT setting, 5 by
 * default (the browser-test server raises it: every test posts from 127.0.0.1).
 */
export const RATE_LIMIT_MAX = config().PUBLIC_FORM_RATE_LIMIT;
const RATE_LIMIT_WINDOW_MINUTES = 10;
/** Decompression-bomb guard for attached photos and scans: at most this many pixels... */
const MAX_ATTACHMENT_PIXELS = 40_000_000;
/** ...and at most this many on either side. */
const MAX_ATTACHMENT_SIDE = 12_000;

type FormValues = Record<string, string | string[]>;

export type SubmissionResult =
  | { status: "ok"; reference: string }
  | { status: "invalid"; errors: Record<string, string>; values: FormValues }
  | { status: "rate-limited"; values: FormValues };

interface StoredFile {
  key: string;
  name: string;
  type: string;
  size: number;
}

const REFERENCE_PREFIX: Record<SubmissionKind, string> = {
  volunteer: "VOL",
  stall_application: "STL",
  nomination: "NOM",
};

const PHOTO_TYPES: readonly KnownFileType[] = IMAGE_TYPES;
const DOCUMENT_TYPES: readonly KnownFileType[] = [PDF_TYPE, "image/jpeg", "image/png"];

/** A short, readable, unguessable reference such as "VOL-7KQ2MX9P". */
function newReference(kind: SubmissionKind): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const bytes = randomBytes(8);
  let code = "";
  for (const b of bytes) code += alphabet[b % alphabet.length];
  return `${REFERENCE_PREFIX[kind]}-${code}`;
}

/** Values to show again after an error: text and choices only, never files. */
function redisplayValues(formData: FormData, fileFields: readonly string[]): FormValues {
  const values: FormValues = {};
  for (const key of new Set(formData.keys())) {
    if (fileFields.includes(key) || key === HONEYPOT_FIELD) continue;
    const all = formData.getAll(key).filter((v): v is string => typeof v === "string");
    values[key] = all.length > 1 ? all : (all[0] ?? "");
  }
  return values;
}

/**
 * The first step of every public form post, before its body is read: counts it against
 * the address's limit for this kind (one atomic statement, so parallel posts cannot slip
 * past the limit, and every post counts, valid or not). `release` takes a post back from
 * the count when it turned out to be no submission.
 */
export async function countPublicFormPost(kind: SubmissionKind, ip: string): Promise<{ allowed: boolean; release: () => Promise<void> }> {
  const key = `form:${kind}:${addressBucket(ip)}`;
  const hit = await hitCounter(key, RATE_LIMIT_WINDOW_MINUTES * 60);
  if (hit.count > RATE_LIMIT_MAX) logger.warn({ kind, ip }, "public form rate limit reached");
  return { allowed: hit.count <= RATE_LIMIT_MAX, release: () => releaseHit(key) };
}

/** Whether an attached image really is one, of a sane size: decoded by sharp, not just sniffed. */
async function decodesAsImage(bytes: Uint8Array): Promise<boolean> {
  const { default: sharp } = await import("sharp");
  try {
    const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: MAX_ATTACHMENT_PIXELS, failOn: "error" }).metadata();
    if (width < 1 || height < 1 || width > MAX_ATTACHMENT_SIDE || height > MAX_ATTACHMENT_SIDE || width * height > MAX_ATTACHMENT_PIXELS) return false;
    // Decoding the whole image (shrunk on the way) finds data that is no image after a valid header.
    await sharp(bytes, { limitInputPixels: MAX_ATTACHMENT_PIXELS, failOn: "error", sequentialRead: true })
      .resize(64, 64, { fit: "inside" })
      .raw()
      .toBuffer();
    return true;
  } catch {
    return false;
  }
}

function cleanFileName(name: string): string {
  const base = path.basename(name).replace(/[^\w.\- ()]+/g, "_").slice(-120);
  return base || "file";
}

/**
 * Validates and stores one public form (already counted by `countPublicFormPost`; the
 * route reads the body, public-form-post.server.ts).
 */
export async function submitPublicForm(
  kind: SubmissionKind,
  formData: FormData,
  options: {
    ip: string;
    /** Choices kept by staff: a field's values must be among them (the volunteer form's roles). */
    choices?: { interests?: readonly string[] };
  },
): Promise<SubmissionResult> {
  const form = SUBMISSION_FORMS[kind];
  const values = redisplayValues(formData, form.files);

  // Bots fill every field; people never see this one. Answer as if it worked.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logger.info({ kind, ip: options.ip }, "honeypot submission ignored");
    return { status: "ok", reference: newReference(kind) };
  }

  const input = formDataToObject(formData, form);
  const parsed = form.schema.safeParse(input);
  const errors = parsed.success ? {} : firstIssues(parsed.error);
  const interests = input.interests;
  if (options.choices?.interests && Array.isArray(interests) && interests.some((v) => !options.choices!.interests!.includes(String(v)))) {
    errors.interests ??= ROLE_CHOICE;
  }

  // Check every file by its content before anything is stored (and report it together
  // with any other problems, so people fix everything in one go).
  const fileField = form.files[0];
  const allowed = kind === "nomination" ? DOCUMENT_TYPES : PHOTO_TYPES;
  const files = fileField ? ((input[fileField] as File[] | undefined) ?? []) : [];
  const checked: { file: File; bytes: Uint8Array; type: KnownFileType }[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffFileType(bytes);
    if (!type || !allowed.includes(type) || (type !== PDF_TYPE && !(await decodesAsImage(bytes)))) {
      errors[fileField!] ??=
        kind === "nomination"
          ? `"${cleanFileName(file.name)}" is not a PDF, JPEG or PNG file`
          : `"${cleanFileName(file.name)}" is not a JPEG, PNG, WebP or GIF image`;
      break;
    }
    checked.push({ file, bytes, type });
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { status: "invalid", errors, values };

  const store = privateStore();
  const stored: StoredFile[] = [];
  try {
    for (const { file, bytes, type } of checked) {
      const key = `submissions/${randomUUID()}.${EXTENSIONS[type]}`;
      await store.put(key, bytes, type);
      stored.push({ key, name: cleanFileName(file.name), type, size: bytes.byteLength });
    }

    const { [fileField ?? ""]: _files, ...data } = parsed.data as Record<string, unknown>;
    const name = String(data.fullName ?? data.nominatorName);
    const email = String(data.email);
    for (let attempt = 0; ; attempt++) {
      const reference = newReference(kind);
      try {
        await getDb().transaction(async (tx) => {
          const supporterId = await linkFromForm(tx, {
            email,
            name,
            postcode: typeof data.postcode === "string" ? data.postcode : null,
            consent: consentTicked(formData.get(CONSENT_FIELD)) ? { wording: CONSENT_WORDING, source: CONSENT_SOURCES[kind] } : null,
          });
          await tx.insert(formSubmissions).values({ reference, kind, name, email, data, files: stored, ip: options.ip, supporter_id: supporterId });
        });
        logger.info({ kind, reference }, "public form stored");
        void notifySubmission({ kind, reference, email });
        return { status: "ok", reference };
      } catch (error) {
        const unique = (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
        if (unique !== "23505" || attempt >= 2) throw error;
      }
    }
  } catch (error) {
    await Promise.allSettled(stored.map((f) => store.delete(f.key)));
    throw error;
  }
}

const CONSENT_SOURCES: Record<SubmissionKind, string> = {
  volunteer: "Volunteer form",
  stall_application: "Stall application form",
  nomination: "Nomination form",
};

/** The HTTP status a public form's answer is sent with. */
export function submissionStatus(result: SubmissionResult): number {
  return result.status === "ok" ? 200 : result.status === "invalid" ? 400 : 429;
}

/** A public form's answer in the one reply shape: the reference when stored, else Conform's reply (or the limit). */
export type PublicAnswer = { status: "ok"; reference: string } | { status: "refused"; reply: PublicReply };

export function publicAnswer(result: SubmissionResult): PublicAnswer {
  if (result.status === "ok") return result;
  return { status: "refused", reply: result.status === "rate-limited" ? { limited: true } : refusedForm(result.errors, result.values) };
}
