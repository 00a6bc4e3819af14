/** The settings' pieces other code uses in the browser: how the root error boundary knows the maintenance refusal. */
export { isMaintenanceRefusal, type MaintenanceRefusal } from "./maintenance.ts";
