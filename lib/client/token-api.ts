import { apiTokenListSchema, apiTokenSchema, createdApiTokenSchema, type NewApiToken } from "@/lib/schemas/api-tokens";
import { fetchJson, jsonRequest as json } from "./fetch-json";

/** The signed-in user's API tokens. */
export const tokenApi = {
  list: () => fetchJson("/api/me/tokens", apiTokenListSchema),
  create: (token: NewApiToken) => fetchJson("/api/me/tokens", createdApiTokenSchema, json("POST", token)),
  revoke: (tokenId: number) => fetchJson(`/api/me/tokens/${tokenId}`, apiTokenSchema, json("DELETE")),
};
