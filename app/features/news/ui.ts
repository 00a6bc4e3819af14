/**
 * The news pieces another page renders (safe in the browser): a post as a card (the home
 * page) and the UK local time of a publish field (the newsletter's schedule reads it too).
 */
export { NewsCard } from "./news-card.tsx";
export { fromLondonInput, LONDON_INPUT_RE } from "./news.ts";
