/** Shared by the server and the browser (no secrets here). */
export const MIN_PASSWORD_LENGTH = 12;
