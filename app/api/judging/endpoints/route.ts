import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { createEndpoint } from "@/lib/server/judging/create-endpoint";
import { listEndpoints } from "@/lib/server/judging/list-endpoints";

export const GET = route(API["GET /api/judging/endpoints"], async () => ({ endpoints: await listEndpoints() }));

export const POST = route(API["POST /api/judging/endpoints"], ({ body }) => createEndpoint(body));
