/** `count` generated lines (line i is `line(i)`), as an import's chunks of 10,000 lines: benchmark inputs without files. */
export const generatedLines = (line: (i: number) => string, count: number) =>
  (async function* () {
    for (let i = 0; i < count; i += 10_000)
      yield Array.from({ length: Math.min(10_000, count - i) }, (_, k) => line(i + k)).join("\n") + "\n";
  })();
