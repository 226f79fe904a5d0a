import "server-only";
import { endpointChangeSchema, type EndpointChange, type EndpointDto } from "@/lib/schemas/judging";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/prisma-errors";
import { AppError, notFound } from "../errors";
import { parseOrThrow } from "../validation";
import { baseUrlProblem } from "./endpoint-address";
import { keyColumns } from "./endpoint-api-key";
import { toEndpointDto } from "./endpoint-dto";

/**
 * Changes an endpoint's fields (admins); its key only when a new source is given. A new base URL on
 * another origin (scheme, host or port) needs the key given again: a key kept for one server never
 * goes to another.
 */
export async function updateEndpoint(endpointId: number, input: EndpointChange): Promise<EndpointDto> {
  const { apiKey, ...fields } = parseOrThrow(endpointChangeSchema, input);
  const db = await getDb();
  const stored = await db.judgeEndpoint.findUnique({
    where: { id: endpointId },
    select: { baseUrl: true, apiKeyEnv: true, apiKeySealed: true },
  });
  if (!stored) throw notFound("No such endpoint");
  const problem = fields.baseUrl ? baseUrlProblem(fields.baseUrl) : null;
  if (problem) throw new AppError("invalid", problem);
  const hasKey = stored.apiKeyEnv !== null || stored.apiKeySealed !== null;
  if (fields.baseUrl && !apiKey && hasKey && new URL(fields.baseUrl).origin !== new URL(stored.baseUrl).origin)
    throw new AppError(
      "invalid",
      `apiKey: ${new URL(fields.baseUrl).origin} is another server than ${new URL(stored.baseUrl).origin}: give the key for it again (a kept key never goes to a new server)`,
    );
  try {
    return toEndpointDto(
      await db.judgeEndpoint.update({
        where: { id: endpointId },
        data: { ...fields, ...(apiKey ? keyColumns(apiKey, fields.baseUrl ?? stored.baseUrl) : {}) },
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `name: an endpoint named ${fields.name} exists`);
    throw error;
  }
}
