import { revokeApiToken } from "@/lib/server/api-tokens/revoke-api-token";
import { route } from "@/lib/server/http/route";
import { apiTokenParamsSchema } from "@/lib/schemas/api-tokens";

export const DELETE = route({ tokens: false, params: apiTokenParamsSchema }, ({ user, params }) =>
  revokeApiToken(user, params.tokenId),
);
