/**
 * Staff sign-in, as other code may use it. The flows themselves (password, second step,
 * one-time links, forgot password, re-authentication, one's own account) are this
 * feature's screens; the primitives they stand on (sessions, passwords, second factors,
 * guards, throttles) are in app/auth.
 */
export { checkNewPassword } from "./new-password.server.ts";
