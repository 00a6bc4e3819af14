/**
 * "Raise a data protection concern": the public complaint form (/privacy/concern). A plain
 * form post (it works without JavaScript), counted against the sender's limit before its
 * body is read, with the public forms' honeypot. The answer shows the reference and says
 * truthfully whether the acknowledgement email went out.
 */
import { data, Form } from "react-router";
import { Confirmation, ErrorSummary, Honeypot, RateLimited, readReply, SubmitButton } from "../../components/site/form-kit.tsx";
import { Section } from "../../components/site/page-hero.tsx";
import { pageMeta, siteFrom } from "../../components/site/seo.ts";
import { ChoiceGroup, SelectField, TextAreaField, TextField } from "../../components/ui/fields.tsx";
import { siteOrigin } from "../../lib/config.server.ts";
import { refusedForm } from "../../lib/form-submission.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { COMPLAINT_CATEGORIES, CONCERN_LABELS, CONTACT_METHODS } from "./complaint-choices.ts";
import { countConcernPost, getComplaintResponseDays, submitConcern, type ConcernResult } from "./complaints.server.ts";
import { longDate } from "./dates.ts";
import type { Route } from "./+types/concern";

export async function loader() {
  return { days: await getComplaintResponseDays() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ip = context.get(requestInfoContext).ip;
  const counted = await countConcernPost(ip);
  if (!counted.allowed) {
    await request.body?.cancel().catch(() => {});
    return data<ConcernResult>({ status: "refused", reply: { limited: true } }, { status: 429 });
  }
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data<ConcernResult>({ status: "refused", reply: refusedForm({ _form: "The form could not be read. Please try again." }) }, { status: 400 });
  }
  const result = await submitConcern(formData, { ip, origin: siteOrigin().replace(/\/+$/, "") });
  return data<ConcernResult>(result, { status: result.status === "ok" ? 200 : 400 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Raise a data protection concern",
    description: "Tell Millbrook Community Foundation if you are unhappy with how we have handled your personal information.",
    path: "/privacy/concern",
    ...siteFrom(matches),
  });

export default function Concern({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData;
  const { text, errors, limited } = readReply(result?.status === "refused" ? result.reply : undefined);
  return (
    <div className="pt-20 sm:pt-24">
      <Section tone="white">
        <div className="mx-auto max-w-3xl">
          <h1 className="font-display text-4xl leading-tight font-semibold text-brand-900 sm:text-5xl">Raise a data protection concern</h1>
          {result?.status === "ok" ? (
            <div className="mt-8">
              <Confirmation id="concern-result" title="Thank you: we have your concern" reference={result.reference} againHref="/privacy" againLabel="Back to the privacy notice">
                <p>
                  We will look into it and reply by <strong>{longDate(result.dueOn)}</strong> at the latest (within {result.days}{" "}
                  {result.days === 1 ? "day" : "days"}).
                </p>
                {result.mail === "sent" ? (
                  <p className="mt-2" data-testid="concern-mail">
                    We have emailed an acknowledgement with your reference and what happens next to <strong className="break-all">{result.email}</strong>.
                  </p>
                ) : (
                  <p className="mt-2" data-testid="concern-mail">
                    We could not send you an email just now, so please note your reference. Your concern is recorded and we will still reply by the date
                    above.
                  </p>
                )}
              </Confirmation>
            </div>
          ) : (
            <>
              <div className="mt-6 space-y-3 text-lg text-slate-700">
                <p>
                  If you are unhappy with how we have collected, used, kept or shared your personal information, please tell us here. The person
                  responsible for data protection at the foundation will look into it.
                </p>
                <p>
                  We will acknowledge it straight away with a reference, and tell you the outcome within {loaderData.days}{" "}
                  {loaderData.days === 1 ? "day" : "days"}. You can also complain to the Information Commissioner's Office (ICO) at any time.
                </p>
              </div>
              <Form method="post" action="/privacy/concern#concern-result" noValidate className="relative mt-8 space-y-6" aria-label="Raise a data protection concern">
                {limited ? <RateLimited id="concern-result" /> : null}
                <ErrorSummary id="concern-result" errors={errors} labels={CONCERN_LABELS} />
                <Honeypot />
                <div className="grid gap-5 sm:grid-cols-2">
                  <TextField name="name" label={CONCERN_LABELS.name} autoComplete="name" maxLength={120} defaultValue={text("name")} error={errors.name} />
                  <TextField
                    name="email"
                    type="email"
                    label={CONCERN_LABELS.email}
                    autoComplete="email"
                    maxLength={254}
                    defaultValue={text("email")}
                    error={errors.email}
                  />
                </div>
                <SelectField
                  name="category"
                  label={CONCERN_LABELS.category}
                  optional
                  options={COMPLAINT_CATEGORIES}
                  placeholder="Choose a topic, if one fits"
                  defaultValue={text("category")}
                  error={errors.category}
                />
                <TextAreaField
                  name="about"
                  label={CONCERN_LABELS.about}
                  hint="What happened, when, and what you would like us to do. Please do not include bank details or passwords."
                  rows={7}
                  maxLength={5000}
                  defaultValue={text("about")}
                  error={errors.about}
                />
                <ChoiceGroup
                  type="radio"
                  name="contact_by"
                  legend={CONCERN_LABELS.contact_by}
                  options={CONTACT_METHODS}
                  defaultValue={text("contact_by") || "email"}
                  error={errors.contact_by}
                />
                <TextAreaField
                  name="contact_detail"
                  label={CONCERN_LABELS.contact_detail}
                  optional
                  hint="Only if you chose phone or post: the number to call, or the address to write to."
                  rows={3}
                  maxLength={300}
                  defaultValue={text("contact_detail")}
                  error={errors.contact_detail}
                />
                <p className="text-sm text-slate-600">
                  We keep what you send privately and use it only to deal with your concern. See our{" "}
                  <a href="/privacy" className="font-semibold text-brand-700 underline">
                    privacy notice
                  </a>{" "}
                  for how long we keep it.
                </p>
                <SubmitButton>Send my concern</SubmitButton>
              </Form>
            </>
          )}
        </div>
      </Section>
    </div>
  );
}
