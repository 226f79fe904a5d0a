import { z } from "zod";
import { userRoleSchema } from "@/lib/domain/roles";

export const createUserSchema = z.object({
  email: z.email().transform((e) => e.trim().toLowerCase()),
  name: z.string().trim().min(1).max(200).optional(),
  role: userRoleSchema,
  password: z.string().min(8, "Passwords need at least 8 characters").max(1024),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const userSchema = z.object({ id: z.number(), email: z.string(), name: z.string(), role: userRoleSchema });
