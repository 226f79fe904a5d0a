import { z } from "zod";

/**
 * An endpoint's base URL: http or https, without credentials, query or fragment (a key goes in
 * the endpoint's key, never in its URL). Requests go to {baseUrl}/chat/completions.
 */
const baseUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((text) => {
    try {
      const url = new URL(text);
      return (
        (url.protocol === "http:" || url.protocol === "https:") &&
        !url.username &&
        !url.password &&
        !url.search &&
        !url.hash
      );
    } catch {
      return false;
    }
  }, "an http:// or https:// URL without credentials, query or fragment, such as http://127.0.0.1:8000/v1");

const price = z.number().min(0, "a price is not negative").max(100_000).nullable();

/** Where an endpoint's API key comes from, as an admin sets it: a server variable (preferred), a stored key, or none. */
export const endpointKeyInputSchema = z.discriminatedUnion("source", [
  z.object({
    source: z.literal("env"),
    variable: z
      .string()
      .trim()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, "an environment variable's name, such as OPENAI_API_KEY"),
  }),
  z.object({ source: z.literal("stored"), value: z.string().trim().min(1, "enter the key").max(2000) }),
  z.object({ source: z.literal("none") }),
]);

const endpointFields = {
  name: z.string().trim().min(1, "name the endpoint").max(60),
  baseUrl: baseUrlSchema,
  model: z.string().trim().min(1, "name the model").max(200),
  inputPricePerMillion: price,
  outputPricePerMillion: price,
  concurrency: z.number().int().min(1, "at least one call at a time").max(256),
  requestsPerMinute: z.number().int().min(1).max(1_000_000).nullable(),
};

/** An endpoint as an admin registers it. */
export const newEndpointSchema = z.object({
  ...endpointFields,
  apiKey: endpointKeyInputSchema,
  inputPricePerMillion: price.default(null),
  outputPricePerMillion: price.default(null),
  concurrency: endpointFields.concurrency.default(4),
  requestsPerMinute: endpointFields.requestsPerMinute.default(null),
});
export type NewEndpoint = z.input<typeof newEndpointSchema>;

/** A change to an endpoint: the fields given; its key only when `apiKey` is given. */
export const endpointChangeSchema = z
  .object({ ...endpointFields, apiKey: endpointKeyInputSchema })
  .partial()
  .refine((change) => Object.keys(change).length > 0, "change at least one field");
export type EndpointChange = z.input<typeof endpointChangeSchema>;

/** An endpoint as the API shows it: where its key comes from, never the key. */
export const endpointSchema = z.object({
  id: z.number(),
  name: z.string(),
  baseUrl: z.string(),
  model: z.string(),
  apiKey: z.discriminatedUnion("source", [
    z.object({ source: z.literal("env"), variable: z.string(), present: z.boolean() }),
    z.object({ source: z.literal("stored") }),
    z.object({ source: z.literal("none") }),
  ]),
  inputPricePerMillion: z.number().nullable(),
  outputPricePerMillion: z.number().nullable(),
  concurrency: z.number(),
  requestsPerMinute: z.number().nullable(),
  createdAt: z.string(),
});
export type EndpointDto = z.infer<typeof endpointSchema>;

export const endpointListSchema = z.object({ endpoints: z.array(endpointSchema) });
export const endpointParamsSchema = z.object({ endpointId: z.coerce.number().int().positive() });

/** A check of an endpoint: one short call, and what came back. */
export const endpointCheckSchema = z.object({
  ok: z.boolean(),
  latencyMs: z.number().nullable(),
  reply: z.string().nullable(),
  error: z.string().nullable(),
});
export type EndpointCheck = z.infer<typeof endpointCheckSchema>;
