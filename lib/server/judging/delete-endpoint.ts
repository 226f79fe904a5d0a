import "server-only";
import { getDb } from "../db/client";
import { notFound } from "../errors";

/** Removes an endpoint and its key (admins). */
export async function deleteEndpoint(endpointId: number): Promise<{ deleted: number }> {
  const db = await getDb();
  const { count } = await db.judgeEndpoint.deleteMany({ where: { id: endpointId } });
  if (count === 0) throw notFound("No such endpoint");
  return { deleted: endpointId };
}
