/** The gift options' pieces other features' screens render (safe in the browser): the fees card of Settings, and how a dedication is named. */
export { FeeSettingsCard, feeSettingsView } from "./admin/fee-settings-card.tsx";
export { DEDICATION_LABELS } from "./dedication.ts";
