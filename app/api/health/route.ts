import { checkDatabase } from "@/lib/server/db/check-database";

// Unauthenticated liveness probe for proxies and start-up scripts: reveals nothing but "ok".
export async function GET() {
  const problem = await checkDatabase();
  return problem ? Response.json({ ok: false }, { status: 503 }) : Response.json({ ok: true });
}
