import { openApiDocument } from "@/lib/server/http/openapi";

// The API as OpenAPI 3.1 (public: it describes routes, not data).
export function GET() {
  return Response.json(openApiDocument());
}
