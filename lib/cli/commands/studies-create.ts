import { createStudy } from "@/lib/server/studies/create-study";
import { findUserByEmail } from "@/lib/server/users/find-user";
import { orInputError } from "../operator";
import { inputError, parseContractArgs } from "./contract-input";
import { printLine, type CliIo } from "../io";

/** `studies create --name N [--description D] [--owner EMAIL]`: prints {"id","slug","name"}. */
export async function studiesCreate(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, {
    name: { type: "string" },
    description: { type: "string" },
    owner: { type: "string" },
  });
  if (!values.name) throw inputError("--name is required");
  const owner = values.owner === undefined ? null : await findUserByEmail(values.owner);
  if (values.owner !== undefined && !owner)
    throw inputError(
      `--owner: no user has the email ${values.owner} (create it with: npm run assay -- user create --email ${values.owner} --role researcher)`,
    );
  const study = await orInputError(createStudy({ name: values.name, description: values.description ?? "" }, owner));
  printLine(io, JSON.stringify(study));
}
