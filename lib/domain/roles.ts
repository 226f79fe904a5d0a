import { z } from "zod";

/** A user's global role. Admins see everything; researchers run studies; annotators label. */
export const userRoleSchema = z.enum(["admin", "researcher", "annotator"]);
export type UserRole = z.infer<typeof userRoleSchema>;
export const USER_ROLES = userRoleSchema.options;

/** A user's role inside one study. */
export const memberRoleSchema = z.enum(["researcher", "annotator"]);
export type MemberRole = z.infer<typeof memberRoleSchema>;

/** Where a user lands after signing in. */
export function homePathFor(role: UserRole): string {
  switch (role) {
    case "admin":
    case "researcher":
      return "/studies";
    case "annotator":
      return "/annotate";
  }
}

/** Whether a global role may open researcher pages (study lists, overviews, reports). */
export function canResearch(role: UserRole): boolean {
  return role === "admin" || role === "researcher";
}
