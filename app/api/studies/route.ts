import { route } from "@/lib/server/http/route";
import { listStudies } from "@/lib/server/studies/list-studies";

export const GET = route({ roles: ["admin", "researcher"] }, async ({ user }) => ({ studies: await listStudies(user) }));
