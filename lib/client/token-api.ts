import { apiTokenListSchema, apiTokenSchema, createdApiTokenSchema, type NewApiToken } from "@/lib/schemas/api-tokens";
import { fetchJson } from "./fetch-json";

/** The signed-in user's API tokens. */
export const tokenApi = {
  list: () => fetchJson("/api/me/tokens", apiTokenListSchema),
  create: (token: NewApiToken) =>
    fetchJson("/api/me/tokens", createdApiTokenSchema, { method: "POST", body: JSON.stringify(token) }),
  revoke: (tokenId: number) => fetchJson(`/api/me/tokens/${tokenId}`, apiTokenSchema, { method: "DELETE" }),
};
