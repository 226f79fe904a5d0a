import fs from "node:fs";
import { parseArgs } from "node:util";
import { gradedPrecision } from "@/lib/domain/impact/graded-precision";
import { feb4ragLabelParser } from "@/lib/formats/feb4rag";
import { describeLineError } from "@/lib/formats/parsed";
import { forEachLine } from "@/lib/formats/read-lines";
import { UsageError } from "../usage-error";

/**
 * The stable `graded-precision` contract: FeB4RAG's per-engine resource scores from its released
 * fused labels (BEIR-QRELS-RM.txt, engine blocks in FeB4RAG's order, ten results per request and
 * engine in rank order), printed as `rid 0 engine score` lines like BEIR-QRELS-RS.txt.
 */
export async function gradedPrecisionCommand(args: string[]): Promise<void> {
  const fail = (message: string) => new UsageError(message, 2);
  let values;
  try {
    ({ values } = parseArgs({ args, strict: true, options: { "feb4rag-labels": { type: "string" } } }));
  } catch (error) {
    throw fail(error instanceof Error ? error.message : String(error));
  }
  const input = values["feb4rag-labels"];
  if (!input) throw fail("--feb4rag-labels is required");
  if (!fs.existsSync(input)) throw fail(`no such file: ${input}`);
  const parse = feb4ragLabelParser();
  const labels = new Map<string, { rid: string; engine: string; labels: number[] }>();
  await forEachLine(fs.createReadStream(input), (text, line) => {
    const parsed = parse(text, line);
    if (!parsed) return;
    if ("error" in parsed) throw fail(describeLineError(input, parsed.error));
    const { queryId, engine, value } = parsed.row;
    if (!/^[0-3]$/.test(value)) throw fail(describeLineError(input, { line, field: "label", message: `a FeB4RAG label is 0, 1, 2 or 3, not "${value}"` }));
    const key = `${queryId}\t${engine}`;
    const entry = labels.get(key) ?? labels.set(key, { rid: queryId, engine, labels: [] }).get(key)!;
    entry.labels.push(Number(value));
  });
  const scores = [...labels.values()].map((e) => ({ ...e, score: gradedPrecision(e.labels) }));
  scores.sort((a, b) => a.rid.localeCompare(b.rid, "en", { numeric: true }) || b.score - a.score || a.engine.localeCompare(b.engine));
  process.stdout.write(scores.map((s) => `${s.rid} 0 ${s.engine} ${s.score}\n`).join(""));
}
