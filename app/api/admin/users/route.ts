import { newAccountSchema } from "@/lib/schemas/users";
import { route } from "@/lib/server/http/route";
import { createAccount } from "@/lib/server/users/create-account";
import { listUsers } from "@/lib/server/users/list-users";

export const GET = route({ roles: ["admin"], tokens: false }, async () => ({ users: await listUsers() }));

/** An account with a password, or (no password given) with a one-time invite link. */
export const POST = route({ roles: ["admin"], tokens: false, body: newAccountSchema }, ({ body }) =>
  createAccount(body),
);
