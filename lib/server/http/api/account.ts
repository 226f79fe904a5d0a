import "server-only";
import { z } from "zod";
import {
  apiTokenListSchema,
  apiTokenParamsSchema,
  apiTokenSchema,
  createdApiTokenSchema,
  newApiTokenSchema,
} from "@/lib/schemas/api-tokens";
import { passwordLinkParamsSchema, setPasswordSchema } from "@/lib/schemas/users";
import { type Endpoint } from "./endpoint";

/** The API's routes of the "account" part (lib/server/http/api-catalog.ts collects every part). */
export const ACCOUNT_API = {
  "GET /api/me/tokens": {
    summary: "The caller's API tokens (in the browser only)",
    tag: "account",
    tokens: false,
    response: apiTokenListSchema,
  },
  "POST /api/me/tokens": {
    summary: "Create an API token; its secret is in this answer only (in the browser only)",
    tag: "account",
    tokens: false,
    body: newApiTokenSchema,
    response: createdApiTokenSchema,
  },
  "DELETE /api/me/tokens/{tokenId}": {
    summary: "Revoke one of the caller's API tokens (in the browser only)",
    tag: "account",
    tokens: false,
    params: apiTokenParamsSchema,
    response: apiTokenSchema,
  },
  "POST /api/invites/{token}": {
    summary: "Set the password of the account an invite or reset link is for",
    tag: "account",
    public: true,
    params: passwordLinkParamsSchema,
    body: setPasswordSchema,
    response: z.object({ email: z.string() }),
  },
} as const satisfies Record<string, Endpoint>;
