import { revokeApiToken } from "@/lib/server/api-tokens/revoke-api-token";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

export const DELETE = route(API["DELETE /api/me/tokens/{tokenId}"], ({ user, params }) =>
  revokeApiToken(user, params.tokenId),
);
