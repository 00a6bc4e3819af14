/** The events' pieces another page renders (safe in the browser): the event card the home page shows, and the data it takes. */
export { EventCard, eventCardData } from "./event-card.tsx";
