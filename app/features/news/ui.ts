/**
 * The news pieces another page renders (safe in the browser): a post as a card (the home
 * page). Only the card: whatever this file reaches, the home page's script reaches too.
 */
export { NewsCard } from "./news-card.tsx";
