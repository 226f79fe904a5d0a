import { z } from "zod";
import { memberRoleSchema } from "@/lib/domain/roles";
import { userRoleSchema } from "@/lib/domain/roles";

export const memberSchema = z.object({
  userId: z.number(),
  email: z.string(),
  name: z.string(),
  /** The role in this study. */
  role: memberRoleSchema,
  /** The account's role in Assay. */
  accountRole: userRoleSchema,
  disabled: z.boolean(),
  invited: z.boolean(),
  /** The study's campaigns this member annotates. */
  campaigns: z.number(),
});
export type Member = z.infer<typeof memberSchema>;

export const membersSchema = z.object({ members: z.array(memberSchema) });

export const addMemberSchema = z.object({
  email: z
    .email()
    .max(254)
    .transform((e) => e.trim().toLowerCase()),
  role: memberRoleSchema,
});
export type AddMember = z.infer<typeof addMemberSchema>;

export const memberParamsSchema = z.object({
  studyId: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
});
export const memberChangeSchema = z.object({ role: memberRoleSchema });
