import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { createAccount } from "@/lib/server/users/create-account";
import { listUsers } from "@/lib/server/users/list-users";

export const GET = route(API["GET /api/admin/users"], async () => ({ users: await listUsers() }));

/** An account with a password, or (no password given) with a one-time invite link. */
export const POST = route(API["POST /api/admin/users"], ({ body }) => createAccount(body));
