import "server-only";
import { endpointChangeSchema, type EndpointChange, type EndpointDto } from "@/lib/schemas/judging";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/prisma-errors";
import { AppError, notFound } from "../errors";
import { parseOrThrow } from "../validation";
import { keyColumns } from "./endpoint-api-key";
import { toEndpointDto } from "./endpoint-dto";

/** Changes an endpoint's fields (admins); its key only when a new source is given. */
export async function updateEndpoint(endpointId: number, input: EndpointChange): Promise<EndpointDto> {
  const { apiKey, ...fields } = parseOrThrow(endpointChangeSchema, input);
  const db = await getDb();
  if (!(await db.judgeEndpoint.findUnique({ where: { id: endpointId }, select: { id: true } })))
    throw notFound("No such endpoint");
  try {
    return toEndpointDto(
      await db.judgeEndpoint.update({
        where: { id: endpointId },
        data: { ...fields, ...(apiKey ? keyColumns(apiKey) : {}) },
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `name: an endpoint named ${fields.name} exists`);
    throw error;
  }
}
