import { memberRoleSchema } from "@/lib/domain/roles";
import { addMember } from "@/lib/server/members/add-member";
import { listMembers } from "@/lib/server/members/list-members";
import { removeMember } from "@/lib/server/members/remove-member";
import { findUserByEmail } from "@/lib/server/users/find-user";
import { CLI_OPERATOR, orInputError } from "../operator";
import { inputError, parseContractArgs } from "./contract-input";
import { printTable } from "../print-table";
import { studyOption } from "./study-option";
import { printLine, type CliIo } from "../io";

/** `members add --study S --email E --role researcher|annotator` */
export async function membersAdd(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, {
    study: { type: "string" },
    email: { type: "string" },
    role: { type: "string" },
  });
  const study = await studyOption(values.study);
  if (!values.email) throw inputError("--email is required");
  const role = memberRoleSchema.safeParse(values.role);
  if (!role.success) throw inputError("--role must be researcher or annotator");
  const result = await orInputError(addMember(CLI_OPERATOR, study.id, { email: values.email, role: role.data }));
  printLine(
    io,
    JSON.stringify({
      study: study.slug,
      email: values.email.trim().toLowerCase(),
      role: role.data,
      added: result.added,
    }),
  );
}

/** `members list --study S [--format json|table]` */
export async function membersList(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, { study: { type: "string" }, format: { type: "string", default: "table" } });
  if (values.format !== "json" && values.format !== "table") throw inputError("--format must be json or table");
  const study = await studyOption(values.study);
  const members = await orInputError(listMembers(CLI_OPERATOR, study.id));
  if (values.format === "json") {
    printLine(
      io,
      JSON.stringify(
        {
          study: study.slug,
          members: members.map((m) => ({
            email: m.email,
            name: m.name,
            role: m.role,
            account: m.accountRole,
            disabled: m.disabled,
            invited: m.invited,
          })),
        },
        null,
        2,
      ),
    );
    return;
  }
  if (members.length === 0) {
    printLine(
      io,
      `No members. Add one with: npm run assay -- members add --study ${study.slug} --email EMAIL --role researcher|annotator`,
    );
    return;
  }
  const rows = [
    ["ROLE", "EMAIL", "NAME"],
    ...members.map((m) => [m.role, m.email, m.name + (m.disabled ? " (disabled)" : m.invited ? " (invited)" : "")]),
  ];
  printTable(io, rows);
}

/** `members remove --study S --email E`: their labels stay; the items they held go back to the others. */
export async function membersRemove(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, { study: { type: "string" }, email: { type: "string" } });
  const study = await studyOption(values.study);
  if (!values.email) throw inputError("--email is required");
  const user = await findUserByEmail(values.email);
  if (!user) throw inputError(`--email: no user has the email ${values.email}`);
  const result = await orInputError(removeMember(CLI_OPERATOR, study.id, user.id));
  printLine(
    io,
    JSON.stringify({ study: study.slug, email: user.email, removed: true, releasedItems: result.released }),
  );
}
