import { parseArgs } from "node:util";
import { userRoleSchema } from "@/lib/domain/roles";
import { createUser } from "@/lib/server/users/create-user";
import { readSecret } from "../read-secret";
import { UsageError } from "../usage-error";
import { printLine, type CliIo } from "../io";

export async function userCreate(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { email: { type: "string" }, role: { type: "string" }, name: { type: "string" } },
    strict: true,
  });
  if (!values.email) throw new UsageError("--email is required");
  const role = userRoleSchema.safeParse(values.role);
  if (!role.success) throw new UsageError(`--role must be one of ${userRoleSchema.options.join(", ")}`);
  const password = await readSecret(io, `Password for ${values.email}: `);
  const user = await createUser({ email: values.email, role: role.data, name: values.name, password });
  printLine(io, JSON.stringify({ created: user }));
}
