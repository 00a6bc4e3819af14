/**
 * An opportunity's own page (/volunteer/<id>): what it is, every shift still to come,
 * twenty to a page (?page=2 ...), and the same sign-up form as the Volunteer page, which
 * shows only its next few dates and links here. A plain form post: it works without
 * JavaScript; a sign-up redirects to the volunteer's manage page.
 */
import { data } from "react-router";
import { Pager } from "../../components/site/pager.tsx";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { BODY_LIMITS, type BodyLimitHandle } from "../../lib/body-limits.ts";
import type { QueryHandle } from "../../lib/page-query.ts";
import { openOpportunity } from "./opportunities.server.ts";
import { signUpAction, signUpHeaders } from "./signup-action.server.ts";
import { SignUpForm } from "./signup-form.tsx";
import type { Route } from "./+types/opportunity-page";

export const handle: BodyLimitHandle & QueryHandle = { query: ["page"], bodyLimit: BODY_LIMITS.publicForm };

export async function loader({ request, params }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw === null ? 1 : /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!/^\d{1,9}$/.test(params.id) || !(page >= 1)) throw data(null, { status: 404 });
  const found = await openOpportunity(Number(params.id), page);
  if (!found || (page > 1 && found.page !== page)) throw data(null, { status: 404 });
  return found;
}

export const action = (args: Route.ActionArgs) => signUpAction(args);

export const headers = (args: Route.HeadersArgs) => signUpHeaders(args);

const pageHref = (id: number, page: number) => (page > 1 ? `/volunteer/${id}?page=${page}` : `/volunteer/${id}`);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: loaderData.page > 1 ? `${loaderData.opportunity.title}: volunteer (page ${loaderData.page})` : `${loaderData.opportunity.title}: volunteer`,
        description: `Volunteer with Millbrook: ${loaderData.opportunity.role}, ${loaderData.opportunity.location}. Choose your dates and sign up in a minute. No account needed.`,
        path: pageHref(loaderData.opportunity.id, loaderData.page),
        ...siteFrom(matches),
      })
    : [];

export default function OpportunityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { opportunity, page, pages } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Volunteer"
        title={opportunity.title}
        intro="Choose one or more shifts below and sign up with your name, email and phone. No account needed: you get a link to see or cancel your shifts."
      />
      <Section id="shifts" tone="white">
        <p className="mx-auto mb-8 max-w-4xl">
          <a href="/volunteer" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2">
            <span aria-hidden="true">←&nbsp;</span>Every volunteering opportunity
          </a>
        </p>
        <SignUpForm
          opportunities={opportunity.shifts.length ? [opportunity] : []}
          reply={actionData}
          action={pageHref(opportunity.id, page)}
          pager={
            <Pager
              page={page}
              pages={pages}
              href={(n) => `${pageHref(opportunity.id, n)}#shifts`}
              label={`Pages of dates: ${opportunity.title}`}
              previous="Previous"
              next="Next"
              status={`Page ${page} of ${pages}`}
            />
          }
        />
      </Section>
    </>
  );
}
