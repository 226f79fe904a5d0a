import type { UserDto } from "@/lib/server/users/user-dto";
import { AppError } from "@/lib/server/errors";
import { inputError } from "./commands/contract-input";

/** Who the command line acts as: the operator of the machine, with an admin's access. */
export const CLI_OPERATOR: UserDto = { id: 0, email: "cli", name: "command line", role: "admin" };

/** Runs an operation, its refusals (bad input, not found, conflicts) turned into one-line errors that exit 2. */
export async function orInputError<T>(operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    if (error instanceof AppError) throw inputError(error.message);
    throw error;
  }
}
