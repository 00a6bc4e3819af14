/**
 * The forms of one submission's page in the staff inbox: its status, its internal note, and
 * making a volunteer offer into a volunteer. Read with `parseForm`; a refusal answers the
 * form it names (docs/decisions/287). The inbox's own functions check the same rules again.
 */
import { z } from "zod";
import { NOTE_MAX, SUBMISSION_STATUSES } from "./submission-labels.ts";

export const SubmissionStatusSchema = z.object({
  status: z.enum(SUBMISSION_STATUSES, { message: "Please choose a status from the list." }),
});
export const SUBMISSION_STATUS_FIELDS = ["status"] as const;

export const SubmissionNoteSchema = z.object({
  note: z
    .string()
    .transform((note) => note.replace(/\r\n/g, "\n").trim())
    .pipe(z.string().max(NOTE_MAX, `Please keep the note under ${NOTE_MAX} characters.`)),
});
export const SUBMISSION_NOTE_FIELDS = ["note"] as const;

/** The name is only for the message after it ("… is now a volunteer"); the volunteer is made from the stored submission. */
export const MakeVolunteerSchema = z.object({
  name: z.string().transform((name) => name.slice(0, 120) || "They"),
});
export const MAKE_VOLUNTEER_FIELDS = ["name"] as const;
