import "server-only";
import { createUserSchema, type CreateUserInput } from "@/lib/schemas/users";
import { hashPassword } from "../auth/password";
import { getDb } from "../db/client";
import { AppError } from "../errors";
import { isUniqueViolation } from "../db/prisma-errors";
import { parseOrThrow } from "../validation";
import { toUserDto, type UserDto } from "./user-dto";

/** Creates a user with a hashed password; the email must be new. */
export async function createUser(input: CreateUserInput): Promise<UserDto> {
  const parsed = parseOrThrow(createUserSchema, input);
  const { email, role, password } = parsed;
  const db = await getDb();
  const passwordHash = await hashPassword(password);
  const name = parsed.name ?? email.split("@")[0] ?? email;
  try {
    return toUserDto(await db.user.create({ data: { email, name, role, passwordHash } }));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `A user with email ${email} already exists`);
    throw error;
  }
}
