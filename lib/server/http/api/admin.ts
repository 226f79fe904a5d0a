import "server-only";
import { z } from "zod";
import {
  adminUserSchema,
  createdAccountSchema,
  newAccountSchema,
  passwordLinkSchema,
  passwordSchema,
  userChangeSchema,
  userIdParamsSchema,
} from "@/lib/schemas/users";
import { ADMIN, type Endpoint } from "./endpoint";

/** The API's routes of the "admin" part (lib/server/http/api-catalog.ts collects every part). */
export const ADMIN_API = {
  "GET /api/admin/users": {
    summary: "Every account (admins, in the browser only)",
    tag: "admin",
    roles: ADMIN,
    tokens: false,
    response: z.object({ users: z.array(adminUserSchema) }),
  },
  "POST /api/admin/users": {
    summary: "Create an account, with a password or an invite link (admins, in the browser only)",
    tag: "admin",
    roles: ADMIN,
    tokens: false,
    body: newAccountSchema,
    response: createdAccountSchema,
  },
  "PATCH /api/admin/users/{userId}": {
    summary: "Change an account's role, name or whether it is disabled (admins, in the browser only)",
    tag: "admin",
    roles: ADMIN,
    tokens: false,
    params: userIdParamsSchema,
    body: userChangeSchema,
    response: adminUserSchema,
  },
  "POST /api/admin/users/{userId}/password": {
    summary: "Set a password, or issue a reset link (admins, in the browser only)",
    tag: "admin",
    roles: ADMIN,
    tokens: false,
    params: userIdParamsSchema,
    body: z.object({ password: passwordSchema.optional() }),
    response: z.object({ link: passwordLinkSchema.nullable() }),
  },
} as const satisfies Record<string, Endpoint>;
