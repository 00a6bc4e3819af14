/** The gift options' pieces another feature's page renders (safe in the browser): the fees card of Settings. */
export { FeeSettingsCard, feeSettingsView } from "./admin/fee-settings-card.tsx";
