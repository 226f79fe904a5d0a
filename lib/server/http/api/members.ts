import "server-only";
import { z } from "zod";
import { addMemberSchema, memberChangeSchema, memberParamsSchema, membersSchema } from "@/lib/schemas/members";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { STAFF, type Endpoint } from "./endpoint";

/** The API's routes of the "members" part (lib/server/http/api-catalog.ts collects every part). */
export const MEMBERS_API = {
  "GET /api/studies/{studyId}/members": {
    summary: "A study's members",
    tag: "members",
    roles: STAFF,
    params: studyIdParamsSchema,
    response: membersSchema,
  },
  "POST /api/studies/{studyId}/members": {
    summary: "Add an existing account to a study by email",
    tag: "members",
    roles: STAFF,
    params: studyIdParamsSchema,
    body: addMemberSchema,
    response: z.object({ userId: z.number(), added: z.boolean() }),
  },
  "PATCH /api/studies/{studyId}/members/{userId}": {
    summary: "Change a member's role in a study",
    tag: "members",
    roles: STAFF,
    params: memberParamsSchema,
    body: memberChangeSchema,
    response: z.object({ role: z.string() }),
  },
  "DELETE /api/studies/{studyId}/members/{userId}": {
    summary: "Take a member off a study (their labels stay; their held items are released)",
    tag: "members",
    roles: STAFF,
    params: memberParamsSchema,
    response: z.object({ removed: z.literal(true), released: z.number() }),
  },
} as const satisfies Record<string, Endpoint>;
