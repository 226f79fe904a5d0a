import "server-only";

/**
 * Lines (each item one or more lines, without the last newline) as blocks of about `size`
 * characters (64 K), each ending in a newline: one write or one stream chunk per block instead of
 * per line (a million-line export is 15 MB in about 250 blocks). Returning early closes `lines`.
 */
export async function* textChunks(lines: AsyncIterable<string>, size = 64 * 1024): AsyncGenerator<string> {
  let block = "";
  for await (const line of lines) {
    block += `${line}\n`;
    if (block.length >= size) {
      yield block;
      block = "";
    }
  }
  if (block) yield block;
}

/**
 * Lines as a response body, in blocks (textChunks), read a few blocks ahead of the client. When
 * reading fails mid-way the body errors, so the download ends as a failure (the connection is cut)
 * and never as a clean end of a truncated file; a client that goes away closes `lines`.
 */
export function linesBody(lines: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const chunks = textChunks(lines);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 4 },
  );
}
