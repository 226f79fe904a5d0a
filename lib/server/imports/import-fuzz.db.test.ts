// Property: whatever bytes a file holds, an import either stores every row or nothing, and it
// fails only with a clear AppError (never a crash). Seeded random files: valid lines of each
// format, with some lines mutated (cut, doubled, fields swapped, bytes flipped, invalid UTF-8).
import { beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "@/lib/domain/random";
import { IMPORT_FORMATS } from "@/lib/formats/import-formats";
import { getDb } from "@/lib/server/db/client";
import { withBulkTransaction } from "@/lib/server/db/transactions";
import { AppError } from "@/lib/server/errors";
import { upsertNugget, upsertStudy } from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { textInput } from "@/test/import-inputs";
import { importIntoStudy, type ImportRequest } from "./import-into-study";
import { studyCounts } from "@/lib/server/db/study-counts";

let studyId: number;
beforeAll(async () => {
  studyId = (await upsertStudy(await getDb(), { slug: `fuzz-${unique()}`, name: "Fuzz" })).id;
  await importIntoStudy(studyId, {
    format: "beir-queries",
    files: [textInput("queries.tsv", "q1\tFirst?\nq2\tSecond?\n")],
  });
  await importIntoStudy(studyId, {
    format: "beir-corpus",
    files: [textInput("corpus.tsv", Array.from({ length: 10 }, (_, i) => `d${i + 1}\tchunk ${i + 1}\n`).join(""))],
  });
  const db = await getDb();
  const q1 = await db.query.findFirstOrThrow({ where: { studyId, externalId: "q1" } });
  for (let n = 1; n <= 3; n++)
    await upsertNugget(db, studyId, q1.id, { externalId: `q1_${n}`, position: n, text: `Nugget ${n}` });
});

/** Valid lines per format (line i of a file is sample i % 10, so a file never repeats a target), and what the import request needs beside the file. */
const SAMPLES: { format: string; extra?: Partial<ImportRequest>; lines: (i: number) => string }[] = [
  { format: "beir-queries", lines: (i) => `fq${i}\tQuestion ${i}?` },
  { format: "beir-corpus", lines: (i) => `fd${i}\tChunk ${i} text\twith a tab` },
  {
    format: "trec-qrels",
    extra: { judge: "fuzz-judge", scale: "graded-0-2" },
    lines: (i) => `q1 0 d${1 + (i % 10)} ${i % 3}`,
  },
  {
    format: "trec-run",
    lines: (i) =>
      `q1 Q0 d${1 + (i % 10)} ${1 + (i % 10)} ${(10 - (i % 10) / 10).toFixed(2)} fuzz-run-${Math.floor(i / 10)}`,
  },
  {
    format: "pairwise-responses",
    lines: (i) =>
      JSON.stringify({
        request_id: `pq${i}`,
        request: `Request ${i}`,
        responses: [
          { system: "s1", text: "A [1]", citations: [{ marker: 1, doc_id: "d1" }] },
          { system: "s2", text: "B", citations: [] },
        ],
      }),
  },
  {
    format: "nugget-qrels",
    extra: { judge: "fuzz-nuggets", scale: "binary" },
    lines: (i) => `q1 q1_${1 + (i % 3)} d${1 + (i % 10)} ${i % 2}`,
  },
  {
    format: "labels-csv",
    extra: { scale: "graded-0-2" },
    lines: (i) => (i % 10 === 0 ? "item,judge,label" : `q1::d${1 + (i % 10)},csv-judge-${i},${i % 3}`),
  },
];

function mutate(line: string, random: () => number): string | Uint8Array {
  switch (Math.floor(random() * 7)) {
    case 0:
      return line.slice(0, Math.floor(random() * line.length));
    case 1:
      return `${line} ${line}`;
    case 2:
      return line
        .split(/(\s+|,)/)
        .reverse()
        .join("");
    case 3: {
      const chars = [...line];
      chars[Math.floor(random() * chars.length)] = String.fromCharCode(Math.floor(random() * 0x3000));
      return chars.join("");
    }
    case 4:
      return new Uint8Array([...new TextEncoder().encode(line), 0xff, 0xfe]);
    case 5:
      return "";
    default:
      return line.replace(/\d/g, () => String.fromCharCode(65 + Math.floor(random() * 26)));
  }
}

const counts = () => withBulkTransaction((connection) => studyCounts(connection, studyId));

describe("imports under random and malformed input", () => {
  it("knows every sampled format", () => {
    for (const s of SAMPLES)
      expect(
        IMPORT_FORMATS.some((f) => f.id === s.format),
        s.format,
      ).toBe(true);
  });

  it.each(SAMPLES)("$format: all or nothing, and only clear errors", async (sample) => {
    const random = seededRandom(sample.format.length * 7919);
    let refused = 0;
    let accepted = 0;
    for (let round = 0; round < 12; round++) {
      const parts: (string | Uint8Array)[] = [];
      const lines = 2 + Math.floor(random() * 8);
      for (let i = 0; i < lines; i++) {
        const line = sample.lines(round * 10 + i);
        parts.push(i > 0 && random() < 0.35 ? mutate(line, random) : line);
      }
      const bytes = concat(parts);
      const before = await counts();
      const result = await importIntoStudy(studyId, {
        format: sample.format,
        ...sample.extra,
        files: [textInput(`fuzz-${round}.txt`, bytes)],
      }).catch((e: unknown) => e);
      if (result instanceof Error) {
        expect(result, String(result)).toBeInstanceOf(AppError);
        expect((result as AppError).message).toMatch(/Nothing was imported|line \d+/);
        expect(await counts()).toEqual(before);
        refused++;
      } else {
        // every non-empty line became a row (the CSV header is not one)
        const nonEmpty =
          new TextDecoder()
            .decode(bytes)
            .split("\n")
            .filter((l) => l.trim() !== "").length - (sample.format === "labels-csv" ? 1 : 0);
        expect(result).toMatchObject({ files: [{ name: `fuzz-${round}.txt`, rows: nonEmpty }] });
        accepted++;
      }
    }
    // the mutations produced bad files, and some files came through whole
    expect(refused).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThan(0);
  });
});

function concat(parts: (string | Uint8Array)[]): Uint8Array {
  const chunks = parts.flatMap((p) => [typeof p === "string" ? new TextEncoder().encode(p) : p, new Uint8Array([10])]);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
