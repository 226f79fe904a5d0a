import { gradedPrecision } from "@/lib/domain/impact/graded-precision";
import { feb4ragLabelParser } from "@/lib/formats/feb4rag";
import { describeLineError } from "@/lib/formats/parsed";
import { eachRow, inputError, parseContractArgs } from "./contract-input";
import type { CliIo } from "../io";

/**
 * The stable `graded-precision` contract: FeB4RAG's per-engine resource scores from its released
 * fused labels (BEIR-QRELS-RM.txt, engine blocks in FeB4RAG's order, ten results per request and
 * engine in rank order), printed as `rid 0 engine score` lines like BEIR-QRELS-RS.txt.
 */
export async function gradedPrecisionCommand(args: string[], io: CliIo): Promise<void> {
  const input = parseContractArgs(args, { "feb4rag-labels": { type: "string" } })["feb4rag-labels"];
  if (!input) throw inputError("--feb4rag-labels is required");
  const parse = feb4ragLabelParser();
  const labels = new Map<string, { rid: string; engine: string; labels: number[] }>();
  await eachRow(input, parse, ({ queryId, engine, value }, line) => {
    if (!/^[0-3]$/.test(value))
      throw inputError(
        describeLineError(input, { line, field: "label", message: `a FeB4RAG label is 0, 1, 2 or 3, not "${value}"` }),
      );
    const key = `${queryId}\t${engine}`;
    const entry = labels.get(key) ?? labels.set(key, { rid: queryId, engine, labels: [] }).get(key)!;
    entry.labels.push(Number(value));
  });
  const scores = [...labels.values()].map((e) => ({ ...e, score: gradedPrecision(e.labels) }));
  scores.sort(
    (a, b) =>
      a.rid.localeCompare(b.rid, "en", { numeric: true }) || b.score - a.score || a.engine.localeCompare(b.engine),
  );
  io.stdout.write(scores.map((s) => `${s.rid} 0 ${s.engine} ${s.score}\n`).join(""));
}
