import "server-only";
import { createUserSchema, type CreateUserInput } from "@/lib/schemas/users";
import { parseOrThrow } from "../validation";
import { createAccount } from "./create-account";
import type { UserDto } from "./user-dto";

/** Creates a user with a hashed password (the CLI's `user create`); the email must be new. */
export async function createUser(input: CreateUserInput): Promise<UserDto> {
  const parsed = parseOrThrow(createUserSchema, input);
  const { user } = await createAccount(parsed);
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}
