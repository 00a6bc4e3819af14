import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { data, Form, Link, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { signIn, signInWithPasskey } from "../login.server.ts";
import { safeRedirect } from "../../../auth/redirect.ts";
import { stepUrl } from "../../../auth/redirect.ts";
import { signInToast } from "../../../domain/security-notices/notices.server.ts";
import { countAdministrators } from "../../staff/index.ts";
import { readSessionToken, serializeSessionCookie } from "../../../auth/session.server.ts";
import { PasskeyButton } from "../../../components/admin/passkey-button.tsx";
import { LOCAL_FLASH_KEY } from "../../../components/admin/sign-out.ts";
import { toast } from "../../../components/ui/toast.tsx";
import { requestInfoContext } from "../../../lib/request-context.ts";
import { toastCookie } from "../../../lib/toast.server.ts";
import type { Submission } from "@conform-to/react";
import { parseForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";
import { LOGIN_FIELDS, LoginSchema, signInReply } from "../forms.schema.ts";
import type { Route } from "./+types/login";

const LOGIN_FAILED = "Failed to sign in. Please check your credentials.";
export const PASSKEY_SIGN_IN_FAILED = "That passkey did not sign you in. Try again, or sign in with your email and password.";
const SERVER_BUSY = "Server is busy. Please wait a moment and try again.";
const TIMEOUT_MESSAGE = "Login request timed out. Please try again.";
const LOGIN_TIMEOUT_MS = 10_000;
export const ENROL_BY_LINK =
  "Your two-step sign-in was reset. To set it up again, open the link emailed to you (or given to you by an administrator).";
/** The spec's note said "Administrator access only", but editors sign in here too (docs/decisions/152). */
export const STAFF_ONLY_NOTE = "Staff access only. Contact the site owner if you need access.";
export const CODES_PAUSED =
  "Too many wrong codes. For your security, two-step codes for this account are paused for a while and the account's owner has been told. Sign in again with your password later.";
const LAST_EMAIL_KEY = "mcf:last-login-email";

export const meta = () => [
  { title: "Admin Login | Millbrook Community Foundation" },
  { name: "robots", content: "noindex" },
];

/** Retry-After from a throttled sign-in reaches the browser (document responses too). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    // The setup instructions (a server command) only on a fresh install, before any administrator exists.
    firstRun: (await countAdministrators()) === 0,
    redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
    setupDone: url.searchParams.get("setup") === "done",
    codesPaused: url.searchParams.get("codes") === "paused",
  };
}

/**
 * A refused sign-in: Conform's reply (the message is the form's own, the email kept, the
 * password never) and how long the button rests (`busy`: the throttle refused it).
 */
function refused(submission: Submission<unknown>, message: string, wait: { busy: boolean; retryAfterMs: number }, init: ResponseInit) {
  return data({ intent: "sign-in", reply: signInReply(submission, { _form: message }), ...wait }, init);
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const submission = parseForm(await request.formData(), LoginSchema, LOGIN_FIELDS);
  // Every field is a string of any length (cut, never refused): the refusals below are the only ones.
  if (submission.status !== "success") return refused(submission, LOGIN_FAILED, { busy: false, retryAfterMs: 0 }, { status: 401 });
  const { email, password, intent, response } = submission.value;
  const redirectTo = safeRedirect(submission.value.redirectTo);
  const { ip, secure } = context.get(requestInfoContext);

  // A passkey alone: two factors in itself, so no password and no second step.
  if (intent === "passkey") {
    const passkey = await signInWithPasskey({
      response,
      ip,
      userAgent: request.headers.get("User-Agent"),
      previousToken: readSessionToken(request, secure),
      request,
    });
    if (!passkey.ok) return refused(submission, PASSKEY_SIGN_IN_FAILED, { busy: false, retryAfterMs: 0 }, { status: 401 });
    const headers = new Headers();
    headers.append("Set-Cookie", serializeSessionCookie(passkey.token, { secure, maxAgeMs: passkey.maxAgeMs }));
    headers.append("Set-Cookie", await toastCookie(await signInToast(passkey.userId)));
    return redirect(redirectTo, { headers });
  }

  const result = await signIn({
    email,
    password,
    ip,
    userAgent: request.headers.get("User-Agent"),
    previousToken: readSessionToken(request, secure),
  });

  if (result.ok) {
    const headers = new Headers();
    headers.append("Set-Cookie", serializeSessionCookie(result.token, { secure, maxAgeMs: result.maxAgeMs }));
    // Second step (code from the app, or enrolment) before the session is a full one.
    if (result.pending) return redirect(stepUrl(result.pending, redirectTo), { headers });
    headers.append("Set-Cookie", await toastCookie(await signInToast(result.userId)));
    return redirect(redirectTo, { headers });
  }
  if (result.reason === "enrol-by-link") return refused(submission, ENROL_BY_LINK, { busy: false, retryAfterMs: 0 }, { status: 403 });
  const retryAfter = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
  if (result.reason === "throttled") {
    return refused(submission, SERVER_BUSY, { busy: true, retryAfterMs: result.retryAfterMs }, { status: 429, headers: { "Retry-After": String(retryAfter) } });
  }
  return refused(submission, LOGIN_FAILED, { busy: false, retryAfterMs: result.retryAfterMs }, { status: 401 });
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  const answer = replyFor(actionData, "sign-in");
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post" && navigation.formAction?.startsWith("/admin/login") === true;
  const [timedOut, setTimedOut] = useState(false);
  const [showSetup, setShowSetup] = useState(false);
  // After a failure the button rests as long as the server asks (Retry-After); the clock
  // belongs to one answer and counts the seconds left.
  const [clock, setClock] = useState<{ answer: object; until: number; now: number } | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  // False in the server render: without JavaScript the button must never stay disabled.
  const hydrated = useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );

  // The last login email is remembered on this device; a sign-out that failed says so.
  useEffect(() => {
    try {
      const flash = sessionStorage.getItem(LOCAL_FLASH_KEY);
      sessionStorage.removeItem(LOCAL_FLASH_KEY);
      if (flash) {
        const { type, message } = JSON.parse(flash) as { type: "error"; message: string };
        toast.show(type, String(message));
      }
    } catch {
      /* storage unavailable */
    }
    const input = emailRef.current;
    if (input && !input.value) {
      try {
        input.value = localStorage.getItem(LAST_EMAIL_KEY) ?? "";
      } catch {
        /* storage unavailable */
      }
    }
  }, []);

  // The answer of a failed attempt: message on the page plus a toast; back off like the server.
  useEffect(() => {
    if (!actionData) return;
    if (actionData.busy) toast.error(SERVER_BUSY, { id: "login", duration: 5000 });
    else toast.error("Login failed", { id: "login" });
    const until = Date.now() + actionData.retryAfterMs;
    const tick = () => setClock({ answer: actionData, until, now: Date.now() });
    const first = setTimeout(tick, 0);
    const timer = setInterval(() => {
      tick();
      if (Date.now() >= until) clearInterval(timer);
    }, 250);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [actionData]);

  // Sign-in gives up after 10 seconds.
  useEffect(() => {
    if (!submitting) return;
    const timer = setTimeout(() => {
      setTimedOut(true);
      toast.error("Login request timed out", { id: "login" });
      // Navigating to the same page cancels the pending submission.
      navigate(location.pathname + location.search, { replace: true, preventScrollReset: true });
    }, LOGIN_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [submitting, navigate, location.pathname, location.search]);

  const leftMs = !actionData ? 0 : clock?.answer === actionData ? clock.until - clock.now : actionData.retryAfterMs;
  const waiting = hydrated && !submitting && leftMs > 0;
  const secondsLeft = Math.max(1, Math.ceil(leftMs / 1000));
  // While the back-off runs the page says why the button rests, not the stale failure.
  const message = timedOut ? TIMEOUT_MESSAGE : waiting ? SERVER_BUSY : answer.formError;
  const field =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
        <h1 className="text-center font-display text-3xl font-semibold text-brand-800">Admin Login</h1>
        <p className="mt-2 text-center text-slate-600">Sign in to access the admin dashboard</p>

        {loaderData.setupDone && (
          <p role="status" className="mt-6 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
            The administrator account has been created. You can sign in now.
          </p>
        )}

        {loaderData.codesPaused && (
          <p role="alert" className="mt-6 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
            {CODES_PAUSED}
          </p>
        )}

        <Form
          method="post"
          className="mt-8 space-y-5"
          onSubmit={(event) => {
            setTimedOut(false);
            const email = new FormData(event.currentTarget).get("email");
            try {
              if (typeof email === "string" && email) localStorage.setItem(LAST_EMAIL_KEY, email.trim());
            } catch {
              /* storage unavailable */
            }
          }}
        >
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <div>
            <label htmlFor="email" className="block font-medium text-slate-800">
              Email
            </label>
            <input
              ref={emailRef}
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              required
              defaultValue={answer.value("email") ?? ""}
              className={field}
              aria-describedby={message ? "login-error" : undefined}
            />
          </div>
          <div>
            <div className="flex items-baseline justify-between gap-3">
              <label htmlFor="password" className="block font-medium text-slate-800">
                Password
              </label>
              <Link to="/admin/forgot-password" className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                Forgot password?
              </Link>
            </div>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className={field}
              aria-describedby={message ? "login-error" : undefined}
            />
          </div>

          {message && (
            <div className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
              <p id="login-error" role="alert">
                {message}
              </p>
              {waiting && (
                <p id="login-wait" className="mt-1">
                  You can try again in {secondsLeft} {secondsLeft === 1 ? "second" : "seconds"}.
                </p>
              )}
            </div>
          )}

          <button
            type="submit"
            disabled={submitting || waiting}
            aria-describedby={waiting ? "login-wait" : undefined}
            className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {submitting ? "Signing in..." : "Sign in"}
          </button>
        </Form>

        <div className="mt-5">
          <PasskeyButton
            ceremony="authenticate"
            optionsUrl="/admin/login/passkey"
            purpose="sign-in"
            intent="passkey"
            label="Sign in with a passkey"
            fields={{ redirectTo: loaderData.redirectTo }}
          />
        </div>

        {loaderData.firstRun && (
          <div className="mt-6">
            <button
              type="button"
              aria-expanded={showSetup}
              aria-controls="setup-instructions"
              onClick={() => setShowSetup((v) => !v)}
              className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {showSetup ? "Hide setup instructions" : "Show setup instructions"}
            </button>
            <div id="setup-instructions" hidden={!showSetup} className="mt-3 space-y-2 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
              <p className="font-medium">Creating the first administrator</p>
              <ol className="list-decimal space-y-2 pl-5">
                <li>
                  When no administrator exists, the server prints a one-time setup link when it starts
                  (<code>/admin/setup/…</code>). Open it and choose the administrator&apos;s email and password.
                </li>
                <li>
                  Or, on the server, run:
                  <pre tabIndex={0} aria-label="Command to create an administrator" className="mt-1 overflow-x-auto rounded bg-slate-900 p-2 text-xs text-slate-100">
                    npm run create-user -- --email you@example.org --password &apos;at least 12 characters&apos; --role administrator
                  </pre>
                </li>
                <li>Administrators then invite further staff (administrators or editors) from the Users screen.</li>
              </ol>
            </div>
          </div>
        )}

        <p className="mt-6 border-t border-slate-200 pt-4 text-center text-sm text-slate-600">
          {STAFF_ONLY_NOTE}
        </p>
      </div>
    </main>
  );
}
