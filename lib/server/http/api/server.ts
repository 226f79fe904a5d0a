import "server-only";
import { z } from "zod";
import { type Endpoint } from "./endpoint";

/** The API's routes of the "server" part (lib/server/http/api-catalog.ts collects every part). */
export const SERVER_API = {
  "GET /api/health": {
    summary: "Liveness: whether the server and its database answer",
    tag: "server",
    public: true,
    response: z.object({ ok: z.boolean() }),
  },
  "GET /api/openapi.json": {
    summary: "This document: the API as OpenAPI 3.1",
    tag: "server",
    public: true,
    response: z.record(z.string(), z.unknown()),
  },
} as const satisfies Record<string, Endpoint>;
