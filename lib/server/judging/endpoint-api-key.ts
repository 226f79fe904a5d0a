import "server-only";
import type { z } from "zod";
import type { endpointKeyInputSchema } from "@/lib/schemas/judging";
import { AppError } from "../errors";
import { encryptionKey, openApiKey, sealApiKey } from "./api-key-seal";
import { judgeKeyVariableProblem, keyOriginProblem } from "./judge-key-variables";

type KeyColumns = { apiKeyEnv: string | null; apiKeySealed: string | null };

/**
 * The columns that keep an endpoint's key as an admin set it: a variable's name, the key sealed, or
 * neither. A variable must be one its key may be sent to `baseUrl` from; a key the admin typed is
 * theirs to send anywhere.
 */
export function keyColumns(input: z.infer<typeof endpointKeyInputSchema>, baseUrl: string): KeyColumns {
  if (input.source === "env") {
    const problem = judgeKeyVariableProblem(input.variable) ?? keyOriginProblem(input.variable, baseUrl);
    if (problem) throw new AppError("invalid", `apiKey.variable: ${problem}`);
    return { apiKeyEnv: input.variable, apiKeySealed: null };
  }
  if (input.source === "none") return { apiKeyEnv: null, apiKeySealed: null };
  if (!process.env.ASSAY_ENCRYPTION_KEY)
    throw new AppError(
      "invalid",
      "apiKey: this server cannot store keys (ASSAY_ENCRYPTION_KEY is not set): name an environment variable that holds the key, or set ASSAY_ENCRYPTION_KEY (openssl rand -base64 32)",
    );
  return { apiKeyEnv: null, apiKeySealed: sealApiKey(input.value, encryptionKey()) };
}

/** The key an endpoint's calls send, read on the server only when a call is made; null for none. */
export function endpointApiKey(endpoint: { name: string; baseUrl: string } & KeyColumns): string | null {
  if (endpoint.apiKeyEnv) {
    const problem =
      judgeKeyVariableProblem(endpoint.apiKeyEnv) ?? keyOriginProblem(endpoint.apiKeyEnv, endpoint.baseUrl);
    if (problem) throw new AppError("unavailable", `${endpoint.name}'s key is not read: ${problem}`);
    const value = process.env[endpoint.apiKeyEnv]; // a judge key variable: checked just above
    if (!value)
      throw new AppError(
        "unavailable",
        `${endpoint.name}'s key is read from ${endpoint.apiKeyEnv}, which is not set on this server`,
      );
    return value;
  }
  return endpoint.apiKeySealed ? openApiKey(endpoint.apiKeySealed) : null;
}
