/**
 * Test data for the inbox: submissions stored through the public path (with real files)
 * or inserted directly, staff sessions, and loader arguments as React Router builds them.
 */
import type { StaffPermission } from "../../app/auth/access.ts";
import { randomUUID } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { createSession, sessionCookieName } from "../../app/auth/session.server.ts";
import type { StaffRole } from "../../app/db/schema.ts";
import type { SubmissionKind } from "../../app/features/submissions/table.ts";
import { createTestAccount } from "./staff.ts";
import { submitPublicForm } from "../../app/features/submissions/submissions.server.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";

/** Smallest valid PNG (1x1) and a tiny PDF, as the browser would upload them. */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"),
);
const PDF_BYTES = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

export const unique = () => randomUUID().slice(0, 8);

export function volunteerForm(overrides: Record<string, string> = {}) {
  const form = new FormData();
  const fields: Record<string, string> = {
    fullName: `Vera Volunteer ${unique()}`,
    email: `vera-${unique()}@example.org`,
    phone: "01632 960 418",
    motivation: "I love this town.",
    terms: "on",
    ...overrides,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("availability", "weekends");
  form.append("interests", "event-support");
  return form;
}

export function stallForm(overrides: Record<string, string> = {}, photos = 3) {
  const form = new FormData();
  const fields: Record<string, string> = {
    fullName: `Sam Stall ${unique()}`,
    businessName: "Sam's Pots",
    email: `sam-${unique()}@example.org`,
    phone: "01632 960 419",
    craftCategory: "ceramics",
    productDescription: "Mugs and bowls",
    stallSize: "standard",
    electricity: "no",
    terms: "on",
    ...overrides,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("fairs", "Spring Craft Fair");
  for (let i = 0; i < photos; i++) form.append("photos", new File([PNG_BYTES], `photo-${i}.png`, { type: "image/png" }));
  return form;
}

export function nominationForm(overrides: Record<string, string> = {}, documents = 1) {
  const form = new FormData();
  const fields: Record<string, string> = {
    nominatorName: `Nina Nominator ${unique()}`,
    email: `nina-${unique()}@example.org`,
    relationship: "friend",
    nomineeName: "Ned Nominee",
    nomineeContact: "01632 960 420",
    category: "citizen-year",
    reason: "Kind.",
    impact: "Huge.",
    consent: "on",
    ...overrides,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (let i = 0; i < documents; i++) form.append("documents", new File([PDF_BYTES], `letter-${i}.pdf`, { type: "application/pdf" }));
  return form;
}

const FORMS: Record<SubmissionKind, (o?: Record<string, string>) => FormData> = {
  volunteer: volunteerForm,
  stall_application: stallForm,
  nomination: nominationForm,
};

/** Stores a submission through the public path; returns its reference. */
export async function submit(kind: SubmissionKind, overrides: Record<string, string> = {}, ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {
  const result = await submitPublicForm(kind, FORMS[kind](overrides), { ip });
  if (result.status !== "ok") throw new Error(`submission refused: ${JSON.stringify(result)}`);
  return result.reference;
}

export async function staffSession(role: StaffRole | null, options: { canSeeSubmissions?: boolean; permissions?: StaffPermission[] } = {}) {
  const email = `${role ?? "norole"}-${unique()}@example.org`;
  const { user } = await createTestAccount({ role, email, ...options });
  const session = await createSession(user.id, { ip: "127.0.0.1", userAgent: "tests" });
  return { user, email, token: session.token };
}

/** Loader/action arguments: a Request (with the session cookie when a token is given) and a context. */
export function routeArgs<P extends Record<string, string>>(url: string, params: P, options: { token?: string; method?: string; body?: FormData } = {}) {
  const headers = new Headers();
  if (options.token) headers.set("Cookie", `${sessionCookieName(false)}=${options.token}`);
  const request = new Request(new URL(url, "http://localhost"), { method: options.method ?? "GET", headers, body: options.body });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "127.0.0.1", nonce: "", secure: false });
  return { request, context, params, unstable_pattern: "", pattern: "" } as never;
}
