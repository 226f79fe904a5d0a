import "server-only";
import { newEndpointSchema, type EndpointDto, type NewEndpoint } from "@/lib/schemas/judging";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/prisma-errors";
import { AppError } from "../errors";
import { parseOrThrow } from "../validation";
import { baseUrlProblem } from "./endpoint-address";
import { keyColumns } from "./endpoint-api-key";
import { toEndpointDto } from "./endpoint-dto";

/** Registers an OpenAI-compatible endpoint (admins): its key kept as the admin chose, never shown again. */
export async function createEndpoint(input: NewEndpoint): Promise<EndpointDto> {
  const { apiKey, ...fields } = parseOrThrow(newEndpointSchema, input);
  const problem = baseUrlProblem(fields.baseUrl);
  if (problem) throw new AppError("invalid", problem);
  const db = await getDb();
  try {
    return toEndpointDto(await db.judgeEndpoint.create({ data: { ...fields, ...keyColumns(apiKey, fields.baseUrl) } }));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `name: an endpoint named ${fields.name} exists`);
    throw error;
  }
}
