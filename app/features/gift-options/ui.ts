/** Gift options' words a giving screen shows (safe in the browser): how a dedication is named. */
export { DEDICATION_LABELS } from "./dedication.ts";
