import "server-only";
import type { EndpointDto } from "@/lib/schemas/judging";
import { judgeKeyVariableValue } from "./judge-key-variables";

export type EndpointRecord = {
  id: number;
  name: string;
  baseUrl: string;
  model: string;
  apiKeyEnv: string | null;
  apiKeySealed: string | null;
  inputPricePerMillion: number | null;
  outputPricePerMillion: number | null;
  concurrency: number;
  requestsPerMinute: number | null;
  createdAt: Date;
};

/** An endpoint as the API shows it: where its key comes from (and whether that judge key variable is set), never the key. */
export function toEndpointDto(endpoint: EndpointRecord): EndpointDto {
  return {
    id: endpoint.id,
    name: endpoint.name,
    baseUrl: endpoint.baseUrl,
    model: endpoint.model,
    apiKey: endpoint.apiKeyEnv
      ? { source: "env", variable: endpoint.apiKeyEnv, present: judgeKeyVariableValue(endpoint.apiKeyEnv) !== null }
      : endpoint.apiKeySealed
        ? { source: "stored" }
        : { source: "none" },
    inputPricePerMillion: endpoint.inputPricePerMillion,
    outputPricePerMillion: endpoint.outputPricePerMillion,
    concurrency: endpoint.concurrency,
    requestsPerMinute: endpoint.requestsPerMinute,
    createdAt: endpoint.createdAt.toISOString(),
  };
}
