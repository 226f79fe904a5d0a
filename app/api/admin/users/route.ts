import { route } from "@/lib/server/http/route";
import { listUsers } from "@/lib/server/users/list-users";

export const GET = route({ roles: ["admin"] }, async () => ({ users: await listUsers() }));
