import { z } from "zod";
import {
  endpointCheckSchema,
  endpointListSchema,
  endpointSchema,
  type EndpointChange,
  type NewEndpoint,
} from "@/lib/schemas/judging";
import { fetchJson, jsonRequest as json } from "./fetch-json";

/** LLM judging: the endpoints an admin registers. */
export const judgingApi = {
  endpoints: () => fetchJson("/api/judging/endpoints", endpointListSchema),
  createEndpoint: (endpoint: NewEndpoint) =>
    fetchJson("/api/judging/endpoints", endpointSchema, json("POST", endpoint)),
  updateEndpoint: (endpointId: number, change: EndpointChange) =>
    fetchJson(`/api/judging/endpoints/${endpointId}`, endpointSchema, json("PATCH", change)),
  deleteEndpoint: (endpointId: number) =>
    fetchJson(`/api/judging/endpoints/${endpointId}`, z.object({ deleted: z.number() }), json("DELETE")),
  checkEndpoint: (endpointId: number) =>
    fetchJson(`/api/judging/endpoints/${endpointId}/check`, endpointCheckSchema, json("POST")),
};
