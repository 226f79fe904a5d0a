import { createApiToken } from "@/lib/server/api-tokens/create-api-token";
import { listApiTokens } from "@/lib/server/api-tokens/list-api-tokens";
import { route } from "@/lib/server/http/route";
import { newApiTokenSchema } from "@/lib/schemas/api-tokens";

/** The signed-in user's API tokens: listed and created in the browser only (a token cannot make tokens). */
export const GET = route({ tokens: false }, ({ user }) => listApiTokens(user));

export const POST = route({ tokens: false, body: newApiTokenSchema }, ({ user, body }) => createApiToken(user, body));
