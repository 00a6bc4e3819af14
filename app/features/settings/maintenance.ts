/** Shared by the server gate and the error page: the body of a maintenance 503. */
export interface MaintenanceRefusal {
  maintenance: true;
  /** The contact email from Settings, offered on the maintenance page. */
  contactEmail?: string;
}

export const isMaintenanceRefusal = (value: unknown): value is MaintenanceRefusal =>
  typeof value === "object" && value !== null && (value as { maintenance?: unknown }).maintenance === true;
