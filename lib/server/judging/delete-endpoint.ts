import "server-only";
import { getDb } from "../db/client";
import { AppError, notFound } from "../errors";

/**
 * Removes an endpoint and its key (admins). Refused while running or paused judge runs use it
 * (they could never finish); with `force`, those runs fail first, each with the reason, and can be
 * retried once an endpoint of the same name and URL is registered again.
 */
export async function deleteEndpoint(
  endpointId: number,
  { force = false }: { force?: boolean } = {},
): Promise<{ deleted: number; failedRuns: number[] }> {
  const db = await getDb();
  const endpoint = await db.judgeEndpoint.findUnique({ where: { id: endpointId }, select: { name: true } });
  if (!endpoint) throw notFound("No such endpoint");
  const using = await db.judgeRun.findMany({
    where: { endpointId, status: { in: ["running", "paused"] } },
    select: { id: true, status: true },
    orderBy: { id: "asc" },
  });
  if (using.length > 0 && !force)
    throw new AppError(
      "conflict",
      `endpoint "${endpoint.name}" is used by ${using.length} running or paused judge run${using.length === 1 ? "" : "s"} (${using.map((r) => r.id).join(", ")}): cancel ${using.length === 1 ? "it" : "them"} first, or remove it anyway, which fails ${using.length === 1 ? "it" : "them"}`,
    );
  // the runs fail first, then the endpoint goes (a failed run with its endpoint still there can be retried)
  for (const r of using)
    await db.judgeRun.updateMany({
      where: { id: r.id, status: r.status },
      data: {
        status: "failed",
        finishedAt: new Date(),
        failure: `its endpoint "${endpoint.name}" was removed while the run was ${r.status}: register it again (the same name and URL), then retry the run`,
      },
    });
  await db.judgeEndpoint.deleteMany({ where: { id: endpointId } });
  return { deleted: endpointId, failedRuns: using.map((r) => r.id) };
}
