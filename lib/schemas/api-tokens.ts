import { z } from "zod";

export const TOKEN_ACCESS = ["read", "read-write"] as const;
export type TokenAccess = (typeof TOKEN_ACCESS)[number];

/** A token a user creates on their account page: a name, the studies it reaches, read or read-write, a lifetime. */
export const newApiTokenSchema = z.object({
  name: z.string().trim().min(1, "name the token (what will use it?)").max(100),
  studies: z.array(z.number().int().positive()).min(1, "choose at least one study").max(200),
  access: z.enum(TOKEN_ACCESS),
  expiresInDays: z.number().int().min(1, "at least one day").max(365, "at most a year"),
});
export type NewApiToken = z.infer<typeof newApiTokenSchema>;

const study = z.object({ id: z.number(), name: z.string() });

/** A token as its owner sees it, never its secret. */
export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  access: z.enum(TOKEN_ACCESS),
  studies: z.array(study),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiTokenDto = z.infer<typeof apiTokenSchema>;

/** The user's tokens, newest first, and the studies a new one may name. */
export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema), studies: z.array(study) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** A new token with its secret, shown this once. */
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenParamsSchema = z.object({ tokenId: z.coerce.number().int().positive() });
