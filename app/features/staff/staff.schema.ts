import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "../../auth/password-rules.ts";

export const EmailSchema = z
  .string({ error: "Please enter an email address" })
  .trim()
  .min(1, "Please enter an email address")
  .max(254, "Email address is too long")
  .email("Please enter a valid email address")
  .transform((value) => value.toLowerCase());

export const NewPasswordSchema = z
  .string({ error: "Please enter a password" })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, "Password must be at most 200 characters")
  .refine((value) => value.trim() !== "", "Password cannot be only spaces");

export const RoleSchema = z.enum(["administrator", "editor"], { error: "Choose a role: administrator or editor" });

/** The Users screen's Admin Access form: an email address and the role to give. */
export const AccessFormSchema = z.object({ email: EmailSchema, role: RoleSchema });
export const ACCESS_FIELDS = ["email", "role"] as const;
