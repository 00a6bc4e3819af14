/**
 * Add or edit an annual report: year, title, shown or hidden, and the PDF (required when
 * adding; choosing a new one when editing replaces the old). The server stores the file
 * only when its bytes are a PDF and the fields are valid; otherwise nothing changes.
 */
import { data } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { CheckboxField, ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { FieldError, TextField } from "../../../components/ui/fields.tsx";
import { ANNUAL_REPORT_FORM_FIELDS, AnnualReportFormSchema, PDF_REQUIRED } from "../annual-reports.schema.ts";
import { createAnnualReport, getAnnualReport, updateAnnualReport } from "../annual-reports.server.ts";
import { formValues } from "../../../domain/listings/listing-fields.schema.ts";
import { parseForm, refusedForm } from "../../../lib/form-submission.ts";
import { BODY_LIMITS, type BodyLimitHandle } from "../../../lib/body-limits.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { deleteMedia, MediaRejectedError, uploadMedia } from "../../media/index.ts";
import { readFormWithImage } from "../../../storage/upload.server.ts";
import type { Route } from "./+types/annual-report-form";
import { HistoryLink } from "../../../components/admin/history-link.tsx";

/** Takes a file upload (up to 10 MB). */
export const handle: BodyLimitHandle = { bodyLimit: BODY_LIMITS.imageForm };

export const meta = ({ params }: Route.MetaArgs) => [{ title: `${params.id ? "Edit Annual Report" : "Add an Annual Report"} | Millbrook Admin` }];

const LIST = "/admin/annual-reports";
const NOT_FOUND = "That report could not be found. It may have been removed.";

export async function loader({ params }: Route.LoaderArgs) {
  if (params.id === undefined) {
    return { id: null, file: null, values: formValues({ is_visible: true, year: String(new Date().getFullYear() - 1) }, ANNUAL_REPORT_FORM_FIELDS) };
  }
  const row = /^\d{1,10}$/.test(params.id) ? await getAnnualReport(Number(params.id)).catch(() => null) : null;
  if (!row) throw await redirectWithToast(LIST, { type: "error", message: NOT_FOUND });
  return { id: row.id, file: row.file, values: formValues(row, ANNUAL_REPORT_FORM_FIELDS) };
}

export async function action(args: Route.ActionArgs) {
  const id = args.params.id === undefined ? null : Number(args.params.id);
  const existing = id === null ? null : await getAnnualReport(id);
  if (id !== null && !existing) return redirectWithToast(LIST, { type: "error", message: NOT_FOUND });
  const read = await readFormWithImage(args.request, "file");
  if (!read.ok) return data(refusedForm({ file: read.error }), { status: 400 });
  const submission = parseForm(read.formData, AnnualReportFormSchema, ANNUAL_REPORT_FORM_FIELDS);
  const fileMissing = !read.image && !existing ? { file: [PDF_REQUIRED] } : undefined;
  if (submission.status !== "success" || fileMissing) return data(submission.reply({ fieldErrors: fileMissing }), { status: 400 });

  const actor = currentActor(args);
  // The PDF goes into the media library (a replaced one stays there).
  let pdf: { id: number; url: string } | undefined;
  if (read.image) {
    try {
      pdf = await uploadMedia({ bytes: read.image, filename: read.filename }, actor, { folder: "reports", only: "pdf" });
    } catch (error) {
      if (error instanceof MediaRejectedError) return data(submission.reply({ fieldErrors: { file: [error.message] } }), { status: 400 });
      throw error;
    }
  }
  try {
    if (id === null) await createAnnualReport({ ...submission.value, file: pdf!.url }, actor);
    else await updateAnnualReport(id, { ...submission.value, file: pdf?.url }, actor);
  } catch (error) {
    if (pdf) await deleteMedia(pdf.id, actor);
    throw error;
  }
  return redirectWithToast(LIST, { type: "success", message: id === null ? "Report added" : "Report updated" });
}

export default function AnnualReportForm({ loaderData, actionData }: Route.ComponentProps) {
  const editing = loaderData.id !== null;
  const form = useContentForm({
    schema: AnnualReportFormSchema,
    initial: loaderData.values,
    draftKey: `draft:annual-report:${loaderData.id ?? "new"}`,
    actionData,
  });
  return (
    <ContentFormFrame
      form={form}
      heading={editing ? "Edit annual report" : "Add an annual report"}
      backTo={LIST}
      backLabel="Back to Annual reports"
      submitLabel={editing ? "Update Report" : "Add Report"}
      connectionTest={false}
    >
      {editing && <HistoryLink type="annual-report" id={loaderData.id} />}
      <TextField label="Year" inputMode="numeric" maxLength={4} hint="The year the report covers." {...form.bind("year")} />
      <TextField label="Title" maxLength={100} hint='For example "Annual Report 2025".' {...form.bind("title")} />
      <div className="md:col-span-2">
        <label htmlFor="file" className="block font-semibold text-ink">
          PDF file{editing && <span className="font-normal text-slate-600"> (optional: choose one to replace the current file)</span>}
        </label>
        <p id="file-hint" className="mt-1 text-sm text-slate-600">
          A PDF document, up to 10MB.{" "}
          {loaderData.file && (
            <a href={loaderData.file} className="font-semibold text-brand-700 underline underline-offset-2">
              Download the current file
            </a>
          )}
        </p>
        <input
          id="file"
          name="file"
          type="file"
          accept="application/pdf,.pdf"
          aria-describedby={form.errorFor("file") ? "file-hint file-error" : "file-hint"}
          aria-invalid={form.errorFor("file") ? true : undefined}
          className="mt-3 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-600 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-700"
        />
        <FieldError id="file" error={form.errorFor("file")} />
      </div>
      <CheckboxField form={form} name="is_visible" label="Shown on the website" hint="Untick to hide this report from the Trustees page without deleting it." />
    </ContentFormFrame>
  );
}
