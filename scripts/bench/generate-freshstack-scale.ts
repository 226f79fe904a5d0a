// Writes a FreshStack-scale benchmark into a folder: 50,000 chunks of about 2 KB, 200 queries with
// 650 nuggets and 20,000 LLM support labels, and 5 runs of 100 documents per query. Deterministic.
import fs from "node:fs";
import path from "node:path";

export const SCALE = { chunks: 50_000, queries: 200, nuggets: 650, labels: 20_000, runs: 5, depth: 100 };

const WORDS =
  "queue worker retry backoff cron schedule payload timeout client server metrics latency token cancel dedupe broker redis config deploy limit".split(
    " ",
  );

function* random(seed: number) {
  let s = seed >>> 0;
  for (;;) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    yield s / 2 ** 32;
  }
}

export function generate(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const rand = random(42);
  const next = () => rand.next().value as number;
  const docId = (i: number) => `acme/src/module_${Math.floor(i / 10)}/file_${i % 10}.py_0_2048`;
  const corpus = fs.openSync(path.join(dir, "corpus.jsonl"), "w");
  for (let i = 0; i < SCALE.chunks; i++) {
    let text = `# chunk ${i}\n`;
    while (text.length < 2000)
      text += `def ${WORDS[Math.floor(next() * WORDS.length)]}_${i}(x):\n    return x + ${Math.floor(next() * 1000)}  # ${WORDS[Math.floor(next() * WORDS.length)]}\n`;
    fs.writeSync(
      corpus,
      `${JSON.stringify({ _id: docId(i), title: `file_${i % 10}.py`, text, metadata: { url: `https://example.invalid/${i}`, start_byte: 0, end_byte: 2048 } })}\n`,
    );
  }
  fs.closeSync(corpus);

  const queries = fs.openSync(path.join(dir, "queries.jsonl"), "w");
  const labelsPerNugget = Math.floor(SCALE.labels / SCALE.nuggets);
  let nuggetsLeft = SCALE.nuggets;
  let labelsLeft = SCALE.labels;
  for (let q = 0; q < SCALE.queries; q++) {
    const count = q === SCALE.queries - 1 ? nuggetsLeft : Math.min(nuggetsLeft, q % 4 === 0 ? 4 : 3);
    nuggetsLeft -= count;
    const nuggets = Array.from({ length: count }, (_, n) => {
      const take = q === SCALE.queries - 1 && n === count - 1 ? labelsLeft : labelsPerNugget;
      labelsLeft -= take;
      const ids = Array.from({ length: take }, (_, k) => docId((q * 250 + n * 40 + k) % SCALE.chunks));
      return {
        _id: `q${q}_${n + 1}`,
        text: `Nugget ${n + 1} of question ${q}`,
        relevant_corpus_ids: ids.slice(0, Math.ceil(take / 3)),
        non_relevant_corpus_ids: ids.slice(Math.ceil(take / 3)),
      };
    });
    fs.writeSync(
      queries,
      `${JSON.stringify({ query_id: `q${q}`, query_title: `Question ${q}`, query_text: `How do I ${WORDS[q % WORDS.length]}?`, answer_id: `a${q}`, answer_text: "Like this.", nuggets, metadata: { tags: ["python"] } })}\n`,
    );
  }
  fs.closeSync(queries);

  for (let r = 0; r < SCALE.runs; r++) {
    const run = fs.openSync(path.join(dir, `run-${r}.txt`), "w");
    for (let q = 0; q < SCALE.queries; q++) {
      const start = Math.floor(next() * SCALE.chunks);
      for (let rank = 1; rank <= SCALE.depth; rank++) {
        fs.writeSync(
          run,
          `q${q} Q0 ${docId((start + rank * 7) % SCALE.chunks)} ${rank} ${(100 - rank + next()).toFixed(4)} system-${r}\n`,
        );
      }
    }
    fs.closeSync(run);
  }
}
