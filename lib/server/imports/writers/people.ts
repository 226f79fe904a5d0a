import "server-only";
import type { MemberRow, UserRow } from "@/lib/formats/bundle";
import type { ImportContext } from "../import-context";
import { selectIn, upsertMany } from "../../db/bulk-sql";
import { blindAnnotatorsAmong } from "../../db/campaigns";
import { adminAnnotatorRefusal, annotatorAccountRefusal } from "../../members/member-rules";
import type { Numbered } from "./shared";

/** The accounts of these emails on this server: id and global role. */
export async function accountsByEmail(
  ctx: ImportContext,
  emails: Iterable<string>,
): Promise<Map<string, { id: number; role: string }>> {
  const rows = await selectIn(ctx.tx, "User", ["id", "email", "role"], "email", emails);
  return new Map(rows.map((u) => [String(u.email), { id: Number(u.id), role: String(u.role) }]));
}

/**
 * The people a study bundle names, matched by email: an account this server has is kept as it is;
 * an unknown one is created disabled and without a password (an admin enables it and sends an
 * invite link). A bundle never creates an admin: such an account arrives as a researcher.
 */
export async function writeUsers(ctx: ImportContext, batch: Numbered<UserRow>[]): Promise<void> {
  const rows = batch.filter(({ line, row }) =>
    ctx.firstTime(`user:${row.record.email}`, line, `user ${row.record.email}`),
  );
  const known = await accountsByEmail(
    ctx,
    rows.map((r) => r.row.record.email),
  );
  const created = rows.map((r) => r.row.record).filter((u) => !known.has(u.email));
  await upsertMany(
    ctx.tx,
    {
      table: "User",
      columns: ["email", "name", "role", "passwordHash", "disabled"],
      conflict: ["email"],
    },
    created.map((u) => [u.email, u.name, u.role === "admin" ? "researcher" : u.role, "", 1]),
  );
  ctx.createdAccounts.push(...created.map((u) => u.email));
}

/**
 * Study memberships by email (user records come first, or the account exists here). The rules of
 * the Members page hold: an annotator account is no study's researcher, and no one who annotates a
 * running blind campaign of the study becomes its researcher.
 */
export async function writeMembers(ctx: ImportContext, batch: Numbered<MemberRow>[]): Promise<void> {
  const accounts = await accountsByEmail(
    ctx,
    batch.map((b) => b.row.record.user),
  );
  const blind = await blindAnnotatorsAmong(
    ctx.tx,
    ctx.studyId,
    batch.flatMap((b) => (b.row.record.role === "researcher" ? [accounts.get(b.row.record.user)?.id ?? 0] : [])),
  );
  const rows: unknown[][] = [];
  for (const { line, row } of batch) {
    const { user, role } = row.record;
    if (!ctx.firstTime(`member:${user}`, line, `member ${user}`)) continue;
    const account = accounts.get(user);
    if (!account) {
      ctx.fail({ line, field: "user", message: `unknown user ${user} (user records come first)` });
      continue;
    }
    if (role === "researcher" && account.role === "annotator") {
      ctx.fail({ line, field: "role", message: annotatorAccountRefusal(user).replace(/^role: /, "") });
      continue;
    }
    if (role === "annotator" && account.role === "admin") {
      ctx.fail({ line, field: "role", message: adminAnnotatorRefusal(user) });
      continue;
    }
    if (role === "researcher" && blind.has(account.id)) {
      ctx.fail({ line, field: "role", message: `${user} annotates a running blind campaign of this study` });
      continue;
    }
    rows.push([ctx.studyId, account.id, role]);
  }
  await upsertMany(
    ctx.tx,
    { table: "StudyMember", columns: ["studyId", "userId", "role"], conflict: ["studyId", "userId"], update: ["role"] },
    rows,
  );
}
