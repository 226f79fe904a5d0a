import { describe, expect, it } from "vitest";
import { EncodingError, linesOf, readLines } from "./read-lines";

async function collect(chunks: (string | Uint8Array)[]) {
  const out: [number, string][] = [];
  for await (const l of readLines(
    (async function* () {
      yield* chunks;
    })(),
  ))
    out.push([l.line, l.text]);
  return out;
}

describe("readLines", () => {
  it("numbers lines, accepts CRLF, drops a BOM and keeps a last line without newline", async () => {
    expect(await collect(["\ufeffa\r\nb\n", "c"])).toEqual([
      [1, "a"],
      [2, "b"],
      [3, "c"],
    ]);
  });

  it("joins lines split across chunks, including a multi-byte character split in two", async () => {
    const bytes = new TextEncoder().encode("héllo\nwörld\n");
    expect(await collect([bytes.slice(0, 2), bytes.slice(2, 9), bytes.slice(9)])).toEqual([
      [1, "héllo"],
      [2, "wörld"],
    ]);
  });

  it("keeps empty lines so numbering matches the file", async () => {
    const lines = [];
    for await (const l of linesOf("a\n\nb\n")) lines.push(l);
    expect(lines).toEqual([
      { line: 1, text: "a" },
      { line: 2, text: "" },
      { line: 3, text: "b" },
    ]);
  });

  it("names the line of invalid UTF-8", async () => {
    const latin1 = Uint8Array.from([0x61, 0x0a, 0x62, 0x0a, 0x63, 0xe9, 0x0a]); // "a\nb\nc\xe9\n" in Latin-1
    const error = await collect([latin1]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EncodingError);
    expect((error as EncodingError).lineError).toEqual({
      line: 3,
      message: "not valid UTF-8 text (save the file as UTF-8)",
    });
  });

  it("yields nothing for an empty file", async () => {
    expect(await collect([])).toEqual([]);
  });
});
