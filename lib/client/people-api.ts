import { z } from "zod";
import type { MemberRole } from "@/lib/domain/roles";
import { membersSchema, type AddMember } from "@/lib/schemas/members";
import { createdStudySchema, studySettingsSchema, type NewStudy, type StudySettings } from "@/lib/schemas/studies";
import {
  adminUserSchema,
  createdAccountSchema,
  passwordLinkSchema,
  type NewAccount,
  type UserChange,
} from "@/lib/schemas/users";
import { fetchJson, jsonRequest as json } from "./fetch-json";

/** Studies, their members and (for admins) accounts. */
export const peopleApi = {
  createStudy: (study: NewStudy) => fetchJson("/api/studies", createdStudySchema, json("POST", study)),
  updateStudySettings: (studyId: number, settings: StudySettings) =>
    fetchJson(`/api/studies/${studyId}`, studySettingsSchema, json("PATCH", settings)),
  members: (studyId: number) => fetchJson(`/api/studies/${studyId}/members`, membersSchema),
  addMember: (studyId: number, member: AddMember) =>
    fetchJson(
      `/api/studies/${studyId}/members`,
      z.object({ userId: z.number(), added: z.boolean() }),
      json("POST", member),
    ),
  changeMemberRole: (studyId: number, userId: number, role: MemberRole) =>
    fetchJson(`/api/studies/${studyId}/members/${userId}`, z.object({ role: z.string() }), json("PATCH", { role })),
  removeMember: (studyId: number, userId: number) =>
    fetchJson(
      `/api/studies/${studyId}/members/${userId}`,
      z.object({ removed: z.literal(true), released: z.number() }),
      json("DELETE"),
    ),
  users: () => fetchJson("/api/admin/users", z.object({ users: z.array(adminUserSchema) })),
  createAccount: (account: NewAccount) => fetchJson("/api/admin/users", createdAccountSchema, json("POST", account)),
  updateUser: (userId: number, change: UserChange) =>
    fetchJson(`/api/admin/users/${userId}`, adminUserSchema, json("PATCH", change)),
  resetPassword: (userId: number, password?: string) =>
    fetchJson(
      `/api/admin/users/${userId}/password`,
      z.object({ link: passwordLinkSchema.nullable() }),
      json("POST", password === undefined ? {} : { password }),
    ),
  redeemPasswordLink: (token: string, password: string) =>
    fetchJson(`/api/invites/${token}`, z.object({ email: z.string() }), json("POST", { password })),
};
