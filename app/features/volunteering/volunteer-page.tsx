/**
 * The Volunteer page (/volunteer): open opportunities, the soonest first and six to a page
 * (?page=2 ...), each with its next four shifts and places left and a link to its own page
 * when it has more (opportunity-page.tsx), and one form to sign up for one or more shifts
 * (name, email, phone, the volunteer terms). A plain form post: it works without
 * JavaScript. A sign-up redirects to the volunteer's manage page, which confirms it (see
 * manage-page.tsx).
 */
import { data } from "react-router";
import { Pager } from "../../components/site/pager.tsx";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { BODY_LIMITS, type BodyLimitHandle } from "../../lib/body-limits.ts";
import type { QueryHandle } from "../../lib/page-query.ts";
import { listOpenOpportunities } from "./opportunities.server.ts";
import { signUpAction, signUpHeaders } from "./signup-action.server.ts";
import { SignUpForm } from "./signup-form.tsx";
import type { Route } from "./+types/volunteer-page";

export const handle: BodyLimitHandle & QueryHandle = { query: ["page"], bodyLimit: BODY_LIMITS.publicForm };

export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw === null ? 1 : /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(page >= 1)) throw data(null, { status: 404 });
  const { items, pages } = await listOpenOpportunities(page);
  if (page > 1 && items.length === 0) throw data(null, { status: 404 });
  return { opportunities: items, page, pages };
}

export const action = (args: Route.ActionArgs) => signUpAction(args);

export const headers = (args: Route.HeadersArgs) => signUpHeaders(args);

/** The address of a page of the list. */
const pageHref = (page: number) => (page > 1 ? `/volunteer?page=${page}` : "/volunteer");

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: loaderData && loaderData.page > 1 ? `Volunteer (page ${loaderData.page})` : "Volunteer",
    description: "Give a few hours to Millbrook: choose a shift at a craft fair, an event or in the community, and sign up in a minute. No account needed.",
    path: pageHref(loaderData?.page ?? 1),
    ...siteFrom(matches),
  });

export default function VolunteerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { opportunities, page, pages } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Volunteer"
        title="Give a few hours to Millbrook"
        intro="Choose one or more shifts below and sign up with your name, email and phone. No account needed: you get a link to see or cancel your shifts."
      />
      <Section id="shifts" tone="white">
        <SignUpForm
          opportunities={opportunities}
          reply={actionData}
          action={pageHref(page)}
          linkAllDates
          pager={<Pager page={page} pages={pages} href={(n) => `${pageHref(n)}#shifts`} label="Pages of volunteering opportunities" previous="Previous" next="Next" status={`Page ${page} of ${pages}`} />}
        />
      </Section>
    </>
  );
}
