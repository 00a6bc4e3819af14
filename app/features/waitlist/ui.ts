/** The waitlist's piece another feature's page renders (safe in the browser): the join form on a full event's page. */
export { WaitlistForm, type WaitlistAnswer } from "./waitlist-form.tsx";
