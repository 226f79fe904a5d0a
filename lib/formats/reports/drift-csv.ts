import { csvLine } from "@/lib/formats/csv";
import type { DriftReport } from "@/lib/domain/drift/build-drift-report";

type Cell = string | number | null;

/**
 * The drift report as one CSV table: part,question,item,measure,a,b, a and b the two snapshots.
 * - `nugget` rows: each nugget unsupported in either snapshot, `supported` 1 or 0 (empty where the
 *   snapshot lacks the nugget);
 * - `source` rows: per source, `documents` and `share` of the supporting (question, document)
 *   pairs, over all matched questions (question empty) and per question;
 * - `question` rows: per question, `relevant` (its supporting documents) and `shift` (in a);
 * - `leaderboard` rows: per system both snapshots have, its score on each metric;
 * - `run` rows: every run tag, `present` 1 or 0;
 * - `correlation` rows: per metric, `kendall_tau_b` and `spearman_rho` between the two leaderboards (in a).
 */
export function driftCsv(report: DriftReport): string {
  const rows: Cell[][] = [["part", "question", "item", "measure", "a", "b"]];
  const { grounding, sources, leaderboards } = report;
  const key = (n: { question: string; nugget: string }) => `${n.question}\n${n.nugget}`;
  const unsupported = {
    a: new Set(grounding.a.unsupportedNuggets.map(key)),
    b: new Set(grounding.b.unsupportedNuggets.map(key)),
  };
  const lost = new Set(grounding.lostSupport.map(key));
  const gained = new Set(grounding.gainedSupport.map(key));
  const nuggets = new Map(
    [...grounding.a.unsupportedNuggets, ...grounding.b.unsupportedNuggets].map((n) => [key(n), n] as const),
  );
  for (const [k, n] of nuggets)
    rows.push([
      "nugget",
      n.question,
      n.nugget,
      "supported",
      unsupported.a.has(k) ? 0 : lost.has(k) ? 1 : null,
      unsupported.b.has(k) ? 0 : gained.has(k) ? 1 : null,
    ]);
  for (const s of sources.bySource) {
    rows.push(["source", null, s.source, "documents", s.a.documents, s.b.documents]);
    rows.push(["source", null, s.source, "share", s.a.share, s.b.share]);
  }
  for (const q of sources.perQuestion) {
    rows.push(["question", q.question, null, "relevant", q.a.relevant, q.b.relevant]);
    rows.push(["question", q.question, null, "shift", q.shift, null]);
    const names = [...new Set([...q.a.sources, ...q.b.sources].map((s) => s.source))];
    for (const name of names) {
      const [a, b] = [q.a.sources.find((s) => s.source === name), q.b.sources.find((s) => s.source === name)];
      rows.push(["source", q.question, name, "documents", a?.documents ?? 0, b?.documents ?? 0]);
      rows.push(["source", q.question, name, "share", a?.share ?? 0, b?.share ?? 0]);
    }
  }
  for (const s of leaderboards.systems)
    for (const metric of leaderboards.metrics)
      rows.push(["leaderboard", null, s.system, metric, s.scores[metric]!.a, s.scores[metric]!.b]);
  for (const s of leaderboards.systems) rows.push(["run", null, s.system, "present", 1, 1]);
  for (const t of leaderboards.unmatched.a) rows.push(["run", null, t, "present", 1, 0]);
  for (const t of leaderboards.unmatched.b) rows.push(["run", null, t, "present", 0, 1]);
  for (const metric of leaderboards.metrics) {
    rows.push(["correlation", null, metric, "kendall_tau_b", leaderboards.kendallTauB[metric] ?? null, null]);
    rows.push(["correlation", null, metric, "spearman_rho", leaderboards.spearmanRho[metric] ?? null, null]);
  }
  return `${rows.map(csvLine).join("\n")}\n`;
}
