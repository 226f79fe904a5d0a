import "server-only";
import type { EndpointDto } from "@/lib/schemas/judging";
import { getDb } from "../db/client";
import { toEndpointDto } from "./endpoint-dto";

/** The registered endpoints by name: admins manage them, researchers choose among them for judge runs. */
export async function listEndpoints(): Promise<EndpointDto[]> {
  const db = await getDb();
  return (await db.judgeEndpoint.findMany({ orderBy: { name: "asc" } })).map(toEndpointDto);
}
