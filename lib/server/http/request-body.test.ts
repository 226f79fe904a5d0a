import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { readBodyUpTo, readJsonBody } from "./request-body";

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? `${e.code}: ${e.message}` : String(e)),
  );
/** A request whose body streams in chunks and declares no length (as a chunked upload does). */
const streamed = (chunks: string[]) =>
  new Request("http://assay.test/api/x", {
    method: "POST",
    body: new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    duplex: "half",
  } as RequestInit);

afterEach(() => {
  delete process.env.ASSAY_MAX_JSON_BYTES;
});

describe("request bodies", () => {
  it("are refused by their declared length before anything is read, or once they stream past the limit", async () => {
    const declared = new Request("http://assay.test/api/x", {
      method: "POST",
      body: "x".repeat(2000),
      headers: { "content-length": "2000" },
    });
    expect(await refusal(readBodyUpTo(declared, 1024, "ASSAY_MAX_JSON_BYTES"))).toBe(
      "too_large: The request body is larger than 1 KiB (ASSAY_MAX_JSON_BYTES raises it)",
    );
    expect(await refusal(readBodyUpTo(streamed(["x".repeat(600), "x".repeat(600)]), 1024, null))).toBe(
      "too_large: The request body is larger than 1 KiB",
    );
    const body = await readBodyUpTo(streamed(['{"a":', "1}"]), 1024, null);
    expect(new TextDecoder().decode(body)).toBe('{"a":1}');
  });

  it("as JSON: at most ASSAY_MAX_JSON_BYTES (1 MiB unless set), and valid JSON", async () => {
    const json = (text: string) => new Request("http://assay.test/api/x", { method: "POST", body: text });
    expect(await readJsonBody(json(JSON.stringify({ email: "a".repeat(900_000) })))).toMatchObject({});
    expect(await refusal(readJsonBody(json(JSON.stringify({ email: "a".repeat(1_100_000) }))))).toBe(
      "too_large: The request body is larger than 1 MiB (ASSAY_MAX_JSON_BYTES raises it)",
    );
    process.env.ASSAY_MAX_JSON_BYTES = String(2 * 1024 * 1024);
    expect(await readJsonBody(json(JSON.stringify({ email: "a".repeat(1_100_000) })))).toMatchObject({});
    expect(await refusal(readJsonBody(json("{not json")))).toBe("invalid: The request body is not valid JSON");
  });
});
