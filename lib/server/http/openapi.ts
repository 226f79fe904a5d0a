import "server-only";
import { z } from "zod";
import { API } from "./api-catalog";
import type { Endpoint } from "./api/endpoint";

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema (2020-12, the dialect of OpenAPI 3.1): what a client sends (`input`:
 * a coerced number is a number, a transformed field its input) or what the server answers
 * (`output`). Nothing zod cannot express is left out: a transform's output is "any value".
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

const ERROR = {
  type: "object",
  properties: {
    error: {
      type: "object",
      properties: {
        code: { type: "string" },
        message: { type: "string", description: "Safe to show a person; an import's names the file, line and field" },
        details: {},
      },
      required: ["code", "message"],
    },
  },
  required: ["error"],
};

function parameters(endpoint: Endpoint): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ["path", endpoint.params],
    ["query", endpoint.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      out.push({
        name,
        in: where,
        required: where === "path" || (object.required ?? []).includes(name),
        schema: property,
        ...(typeof property.description === "string" ? { description: property.description } : {}),
      });
    }
  }
  return out;
}

function responses(endpoint: Endpoint): JsonSchema {
  const ok =
    endpoint.response === "download"
      ? {
          description: "The file (qrels, CSV or JSON lines), streamed; with check=1, JSON naming the file",
          content: {
            "text/plain": { schema: { type: "string" } },
            "text/csv": { schema: { type: "string" } },
            "application/x-ndjson": { schema: { type: "string" } },
            "application/json": { schema: { type: "object", properties: { fileName: { type: "string" } } } },
          },
        }
      : {
          description: "OK",
          content: {
            "application/json": { schema: jsonSchema(endpoint.response, "output") },
            ...("csvReport" in endpoint && endpoint.csvReport
              ? { "text/csv": { schema: { type: "string", description: "With ?format=csv: the report as CSV" } } }
              : {}),
          },
        };
  const error = (description: string) => ({ description, content: { "application/json": { schema: ERROR } } });
  return {
    "200": ok,
    "400": error("Invalid input: what was wrong, by field (an import: by file, line and field)"),
    ...("public" in endpoint && endpoint.public
      ? {}
      : {
          "401": error("Not signed in, or the API token is unknown, revoked or expired"),
          "403": error("Not allowed: the role, a read-only token, or a route only a browser may call"),
          "404": error("Not found, or not yours to see"),
          "429": error("The API token made too many requests this minute (see Retry-After)"),
        }),
  };
}

/** The OpenAPI 3.1 document of every API route, from the catalog's zod schemas. */
export function openApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [key, endpoint] of Object.entries(API) as [string, Endpoint][]) {
    const [method, path] = key.split(" ") as [string, string];
    const roles = endpoint.roles ? `Roles: ${endpoint.roles.join(", ")}.` : "";
    const tokens = endpoint.public
      ? "Public."
      : endpoint.tokens === false
        ? "A browser session only: API tokens are refused."
        : "A browser session or an API token (read tokens: GET only).";
    (paths[path] ??= {})[method.toLowerCase()] = {
      summary: endpoint.summary,
      description: [roles, tokens].filter(Boolean).join(" "),
      tags: [endpoint.tag],
      operationId: key.replace(/[^A-Za-z0-9]+/g, "_").replace(/_$/, ""),
      parameters: parameters(endpoint),
      ...(endpoint.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchema(endpoint.body, "input") } },
            },
          }
        : endpoint.upload
          ? {
              requestBody: {
                required: true,
                description: "The file itself, as the raw body (any import format); the options go in the query string",
                content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
              },
            }
          : {}),
      responses: responses(endpoint),
      ...(endpoint.public ? { security: [] } : {}),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Assay API",
      version: "1",
      description:
        "Calibrate LLM judgments for search and RAG evaluation. Scripts authenticate with a personal API token " +
        "(Authorization: Bearer <token>, made on the account page); the browser with its session cookie.",
    },
    servers: [{ url: "/" }],
    security: [{ token: [] }, { session: [] }],
    components: {
      securitySchemes: {
        token: { type: "http", scheme: "bearer", description: "A personal API token (assay_...)" },
        session: { type: "apiKey", in: "cookie", name: "next-auth.session-token" },
      },
    },
    paths,
  };
}
