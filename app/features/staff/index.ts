/**
 * Staff accounts, as other code uses them: finding and creating an account, its role,
 * setting a password or a name (the sign-in flows, the first-start check, the command-line
 * tools), and the account form's rules. The accounts screens are this feature's admin/.
 */
export { countAdministrators, createUser, findUserByEmail, findUserById, roleOf, setPassword, setStaffName, StaffError } from "./staff.server.ts";
export { resetSecondFactor, TwoFactorResetError } from "./two-factor-admin.server.ts";
export { EmailSchema, NewPasswordSchema, RoleSchema } from "./staff.schema.ts";
