import { z } from "zod";
import { userRoleSchema } from "@/lib/domain/roles";

const email = z
  .email()
  .max(254)
  .transform((e) => e.trim().toLowerCase());
const name = z.string().trim().min(1).max(200);
export const passwordSchema = z.string().min(8, "Passwords need at least 8 characters").max(1024);

/** An account an admin creates: with a password, or (`password` left out) with an invite link that sets it. */
export const createUserSchema = z.object({
  email,
  name: name.optional(),
  role: userRoleSchema,
  password: passwordSchema,
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const newAccountSchema = z.object({
  email,
  name: name.optional(),
  role: userRoleSchema,
  password: passwordSchema.optional(),
});
export type NewAccount = z.infer<typeof newAccountSchema>;

export const userIdParamsSchema = z.object({ userId: z.coerce.number().int().positive() });

/** What an admin may change on an account. */
export const userChangeSchema = z
  .object({ role: userRoleSchema.optional(), disabled: z.boolean().optional(), name: name.optional() })
  .refine((c) => c.role !== undefined || c.disabled !== undefined || c.name !== undefined, {
    message: "change the role, the name or whether the account is disabled",
  });
export type UserChange = z.infer<typeof userChangeSchema>;

export const setPasswordSchema = z.object({ password: passwordSchema });

export const userSchema = z.object({ id: z.number(), email: z.string(), name: z.string(), role: userRoleSchema });

/** A user in the admin's list. `invited`: no password yet (an invite link is pending or expired). */
export const adminUserSchema = userSchema.extend({ disabled: z.boolean(), invited: z.boolean(), studies: z.number() });
export type AdminUser = z.infer<typeof adminUserSchema>;

/** A one-time link that sets a password: the path to open, and when it stops working. */
export const passwordLinkSchema = z.object({ path: z.string(), expiresAt: z.string() });
export type PasswordLink = z.infer<typeof passwordLinkSchema>;

/** An account created by an admin, with the invite link when it has no password yet. */
export const createdAccountSchema = z.object({ user: adminUserSchema, link: passwordLinkSchema.nullable() });
export type CreatedAccount = z.infer<typeof createdAccountSchema>;

export const passwordLinkParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "not an invite link"),
});
