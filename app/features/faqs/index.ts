/** What the rest of the site uses of the questions and answers: the published ones (/support). */
export { listPublicFaqs } from "./faqs.server.ts";
