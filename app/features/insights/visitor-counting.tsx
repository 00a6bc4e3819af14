/**
 * "Visitor figures" (/privacy/visitor-counting): what the site counts about visits, why,
 * and the switch to object. Objecting sets one cookie, at the visitor's request, that
 * records the objection and nothing else (docs/decisions/236); the beacon's server side
 * then counts nothing from this browser. A plain form post: it works without JavaScript.
 */
import { data, Form } from "react-router";
import { Section } from "../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { buttonClasses } from "../../components/ui/button.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { OBJECTION_COOKIE } from "./counting.server.ts";
import type { Route } from "./+types/visitor-counting";
import { refusedForm } from "../../lib/form-submission.ts";
import { readReply } from "../../components/site/form-kit.tsx";

const YEAR_S = 365 * 24 * 60 * 60;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const choice = form?.get("choice");
  // The choice is the button pressed: a post without one is the form's own refusal (docs/decisions/287).
  if (choice !== "object" && choice !== "count") return data(refusedForm({ _form: "Choose whether this browser should be counted." }), { status: 400 });
  const secure = context.get(requestInfoContext).secure ? "; Secure" : "";
  const cookie =
    choice === "object"
      ? `${OBJECTION_COOKIE}=1; Path=/; Max-Age=${YEAR_S}; HttpOnly; SameSite=Lax${secure}`
      : `${OBJECTION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
  return data({ done: choice }, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Visitor figures",
    description: "What the Millbrook Community Foundation website counts about visits, why, and how to object.",
    path: "/privacy/visitor-counting",
    ...siteFrom(matches),
  });

export default function VisitorCounting({ actionData }: Route.ComponentProps) {
  const done = actionData && "done" in actionData ? actionData.done : null;
  const refused = readReply(actionData && !("done" in actionData) ? actionData : undefined).errors._form;
  return (
    <div className="pt-20 sm:pt-24">
      <Section tone="white">
        <div className="mx-auto max-w-3xl space-y-5 text-lg leading-relaxed text-slate-700">
          <h1 className="font-display text-4xl leading-tight font-semibold text-brand-900 sm:text-5xl">Visitor figures</h1>
          <p>
            To know which pages people read and how they find us, this website counts its page views itself. It sets no cookie and keeps
            nothing in your browser to do it, and it does not follow you to other websites.
          </p>
          <h2 className="font-display text-2xl font-semibold text-brand-900">What we count</h2>
          <ul className="list-disc space-y-2 pl-6">
            <li>the page you read, the website that linked to it and any campaign tag in its address;</li>
            <li>whether you use a phone, a tablet or a computer;</li>
            <li>
              that a visitor came that day: a code made from your internet address and browser with a secret that changes every day and is
              never written down, so the code cannot be linked to you once the day is over. Your internet address and browser details are
              not stored.
            </li>
          </ul>
          <p>
            We use the figures only to see how the website is used and to make it better (statistical purposes). Page views are kept for 13
            months; after that only each day's totals are kept. Browsers that send a Global Privacy Control or Do Not Track signal are never
            counted, and nor are search engines and other robots.
          </p>
          <h2 className="font-display text-2xl font-semibold text-brand-900">How to object</h2>
          <p>
            You can ask us not to count your visits from this browser. We then set one cookie that records your choice and nothing else; if
            you clear your cookies, choose again.
          </p>
          {done === "object" && (
            <p role="status" className="rounded-xl bg-brand-50 p-4 font-semibold text-brand-900">
              Done: visits from this browser are no longer counted.
            </p>
          )}
          {done === "count" && (
            <p role="status" className="rounded-xl bg-brand-50 p-4 font-semibold text-brand-900">
              Done: visits from this browser are counted again, without a cookie.
            </p>
          )}
          {refused && (
            <p role="alert" className="rounded-xl bg-red-50 p-4 font-semibold text-red-800">
              {refused}
            </p>
          )}
          <Form method="post" className="flex flex-wrap gap-3">
            <button type="submit" name="choice" value="object" className={buttonClasses("primary")}>
              Do not count my visits
            </button>
            <button type="submit" name="choice" value="count" className={buttonClasses("secondary")}>
              Count my visits again
            </button>
          </Form>
        </div>
      </Section>
    </div>
  );
}
