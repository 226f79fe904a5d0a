import { createApiToken } from "@/lib/server/api-tokens/create-api-token";
import { listApiTokens } from "@/lib/server/api-tokens/list-api-tokens";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

/** The signed-in user's API tokens: listed and created in the browser only (a token cannot make tokens). */
export const GET = route(API["GET /api/me/tokens"], ({ user }) => listApiTokens(user));

export const POST = route(API["POST /api/me/tokens"], ({ user, body }) => createApiToken(user, body));
