import "server-only";
import { AppError } from "../errors";

/** The largest JSON body a route reads: ASSAY_MAX_JSON_BYTES, 1 MiB unless set. */
export function maxJsonBytes(): number {
  const configured = Number(process.env.ASSAY_MAX_JSON_BYTES);
  return Number.isInteger(configured) && configured > 0 ? configured : 1024 * 1024;
}

/**
 * A request's body, read no further than `maxBytes`: a Content-Length over the limit is refused
 * before anything is read, and a body that streams past it is cut off there (too_large, 413).
 */
export async function readBodyUpTo(
  request: Request,
  maxBytes: number,
  setting: string | null,
): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () =>
    new AppError(
      "too_large",
      `The request body is larger than ${describeBytes(maxBytes)}${setting ? ` (${setting} raises it)` : ""}`,
    );
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** A JSON request body of at most ASSAY_MAX_JSON_BYTES, parsed. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const bytes = await readBodyUpTo(request, maxJsonBytes(), "ASSAY_MAX_JSON_BYTES");
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    throw new AppError("invalid", "The request body is not valid JSON");
  }
}

const describeBytes = (bytes: number) =>
  bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MiB`
    : bytes % 1024 === 0
      ? `${bytes / 1024} KiB`
      : `${bytes} bytes`;
