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
