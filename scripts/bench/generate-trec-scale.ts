// Writes a TREC-shaped study of one size into a folder, deterministically: questions and prose
// passages (queries.tsv, corpus.tsv: the pooled passages only), two graded label sets over every
// pooled pair (llm.qrels, nist.qrels: TREC DL's 0-3, the second agreeing with the first on about
// three pairs in four), and 10 runs of 1,000 documents a question (run-0.txt ... run-9.txt) drawn
// from 1,500 documents a question, the unpooled ones without text (imported with --create-missing).
import fs from "node:fs";
import path from "node:path";

/** The sizes of issue 66: S, M and L (TREC DL's and TREC RAG's tracks are L). */
export const SIZES = {
  S: { questions: 50, pooled: 100 },
  M: { questions: 200, pooled: 500 },
  L: { questions: 500, pooled: 1000 },
} as const;
export type Size = keyof typeof SIZES;

export const RUNS = 10;
export const DEPTH = 1000;
const UNIVERSE = 1500; // documents a question, of which the first `pooled` are pooled and judged

const WORDS =
  "the a of retrieval passage answer question model judge relevance ranking query document evidence source claim fact support nugget track assessor pool depth score measure".split(
    " ",
  );

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Lines written through a buffer of about 1 MB (a write per line would dominate the time). */
function writer(file: string) {
  const fd = fs.openSync(file, "w");
  let buffer = "";
  return {
    line(text: string) {
      buffer += `${text}\n`;
      if (buffer.length > 1 << 20) {
        fs.writeSync(fd, buffer);
        buffer = "";
      }
    },
    close() {
      fs.writeSync(fd, buffer);
      fs.closeSync(fd);
    },
  };
}

export function generate(dir: string, size: Size): void {
  const { questions, pooled } = SIZES[size];
  fs.mkdirSync(dir, { recursive: true });
  const next = random(66);
  const word = () => WORDS[Math.floor(next() * WORDS.length)]!;
  const prose = (words: number) => Array.from({ length: words }, word).join(" ");
  const doc = (q: number, d: number) => `d${q}-${d}`;

  const queries = writer(path.join(dir, "queries.tsv"));
  for (let q = 0; q < questions; q++) queries.line(`q${q}\tWhat does ${prose(8)}?`);
  queries.close();

  const corpus = writer(path.join(dir, "corpus.tsv"));
  const llm = writer(path.join(dir, "llm.qrels"));
  const nist = writer(path.join(dir, "nist.qrels"));
  const levels: number[][] = [];
  for (let q = 0; q < questions; q++) {
    levels.push([]);
    for (let d = 0; d < pooled; d++) {
      corpus.line(`${doc(q, d)}\tPassage ${d} on question ${q}: ${prose(45)}.`);
      const level = Math.min(3, Math.floor(next() * next() * 5));
      const human = next() < 0.25 ? Math.max(0, Math.min(3, level + (next() < 0.5 ? -1 : 1))) : level;
      levels[q]!.push(human);
      llm.line(`q${q} 0 ${doc(q, d)} ${level}`);
      nist.line(`q${q} 0 ${doc(q, d)} ${human}`);
    }
  }
  corpus.close();
  llm.close();
  nist.close();

  for (let r = 0; r < RUNS; r++) {
    const run = writer(path.join(dir, `run-${r}.txt`));
    const skill = 0.3 + r * 0.07; // later runs rank relevant documents higher
    for (let q = 0; q < questions; q++) {
      const scored = Array.from({ length: UNIVERSE }, (_, d) => ({
        d,
        score: (d < pooled ? levels[q]![d]! * skill : 0) + next() * 2,
      }))
        .sort((x, y) => y.score - x.score || x.d - y.d)
        .slice(0, DEPTH);
      scored.forEach((e, i) => run.line(`q${q} Q0 ${doc(q, e.d)} ${i + 1} ${e.score.toFixed(4)} run-${r}`));
    }
    run.close();
  }
}
