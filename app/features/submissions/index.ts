/**
 * What the rest of the site uses of the submissions (the public forms stored for staff) on
 * the server: reading a public form's post (counted against the sender's limit first),
 * storing it and answering in the one reply shape, the count of new ones (menu, dashboard)
 * and how retention names and reads them. Browser-safe pieces are in ui.ts.
 */
export { readPublicFormPost } from "./public-form-post.server.ts";
export { countPublicFormPost, publicAnswer, submissionStatus, submitPublicForm, type PublicAnswer, type SubmissionResult } from "./submissions.server.ts";
export { countNewSubmissions, type SubmissionRow } from "./inbox.server.ts";
export { KIND_LABELS, submissionFields } from "./submission-labels.ts";
