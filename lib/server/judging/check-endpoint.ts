import "server-only";
import type { EndpointCheck } from "@/lib/schemas/judging";
import { getDb } from "../db/client";
import { AppError, notFound } from "../errors";
import { callChatCompletions, ChatCallError } from "./chat-completions";
import { endpointApiKey } from "./endpoint-api-key";

/**
 * One short call to an endpoint with its key (admins): whether it answers, how fast, and what it
 * said or why not (scrubbed of the key, and an error body's parsed message, never its raw bytes,
 * as callChatCompletions gives them). No retries: a check reports what happens now.
 */
export async function checkEndpoint(endpointId: number, { timeoutMs = 30_000 } = {}): Promise<EndpointCheck> {
  const db = await getDb();
  const endpoint = await db.judgeEndpoint.findUnique({ where: { id: endpointId } });
  if (!endpoint) throw notFound("No such endpoint");
  try {
    const apiKey = endpointApiKey(endpoint);
    const reply = await callChatCompletions(
      { baseUrl: endpoint.baseUrl, model: endpoint.model, apiKey },
      { messages: [{ role: "user", content: "Reply with the word OK." }], temperature: 0, maxTokens: 16 },
      { timeoutMs, maxAttempts: 1 },
    );
    return {
      ok: true,
      latencyMs: Math.round(reply.latencyMs),
      reply: reply.content.slice(0, 200),
      error: null,
    };
  } catch (error) {
    if (error instanceof ChatCallError || error instanceof AppError)
      return { ok: false, latencyMs: null, reply: null, error: error.message };
    throw error;
  }
}
