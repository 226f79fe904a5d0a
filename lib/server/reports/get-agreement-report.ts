import "server-only";
import { codeLabelPairs } from "@/lib/domain/agreement/code-label-pairs";
import { confusionMatrix } from "@/lib/domain/agreement/confusion-matrix";
import { PAIR_STATISTICS, pairAgreement, pairStatisticsWithIntervals } from "@/lib/domain/agreement/pair-statistics";
import { binarize, levelText, scaleById } from "@/lib/domain/scales";
import type { AgreementQuery, AgreementReport } from "@/lib/schemas/reports";
import { getDb } from "../db/client";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { groupNamer } from "./group-keys";
import { REPORT_BOOTSTRAP } from "./report-bootstrap";
import { loadPairCounts, type PairCount, type PairCounts } from "./load-pair-counts";

const MAX_GROUPS = 40;

/**
 * How far two label sources of a study agree: the statistics with seeded bootstrap intervals, the
 * confusion matrix, per-group kappa, and, for an LLM against humans, the humans' labels over the
 * targets the LLM called positive (FreshStack's calibration table).
 */
export async function getAgreementReport(
  user: UserDto,
  studyId: number,
  query: AgreementQuery,
): Promise<AgreementReport> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const counts = await loadPairCounts(db, studyId, query);
  const coded = codeLabelPairs(counts.rows);
  const statistics = pairStatisticsWithIntervals(
    { a: coded.a, b: coded.b, categories: coded.categories.length },
    coded.ordered,
    REPORT_BOOTSTRAP,
  );

  const name = await groupNamer(db, studyId, query.group);
  const byGroup = new Map<string, PairCount[]>();
  for (const row of counts.rows) {
    for (const g of name(row.group)) {
      const list = byGroup.get(g);
      if (list) list.push(row);
      else byGroup.set(g, [row]);
    }
  }
  const groups = [...byGroup.entries()]
    .map(([group, rows]) => ({ group, rows, size: rows.reduce((s, r) => s + r.count, 0) }))
    .sort((x, y) => y.size - x.size || x.group.localeCompare(y.group))
    .slice(0, MAX_GROUPS)
    .map(({ group, rows }) => ({ group, ...pairAgreement(rows, REPORT_BOOTSTRAP) }))
    .sort((x, y) => x.group.localeCompare(y.group, "en", { numeric: true }));

  return {
    sources: { a: query.a, b: query.b },
    comparedOn: coded.comparedOn,
    binarized: coded.binarized,
    categories: coded.categories,
    items: coded.a.length,
    onlyA: counts.sizeA - coded.a.length - coded.skipped,
    onlyB: counts.sizeB - coded.a.length - coded.skipped,
    statistics: PAIR_STATISTICS.map((metric) => ({ metric, ...statistics[metric] })),
    bootstrap: REPORT_BOOTSTRAP,
    confusion: confusionMatrix({ a: coded.a, b: coded.b, categories: coded.categories.length }),
    groupBy: query.group,
    groups,
    positives: humanLabelsOverLlmPositives(query, counts),
  };
}

/** FreshStack's table: among targets the LLM labelled positive, how the humans labelled them. */
function humanLabelsOverLlmPositives(query: AgreementQuery, counts: PairCounts): AgreementReport["positives"] {
  if (counts.kinds.a === counts.kinds.b) return null;
  const llmIsA = counts.kinds.a === "model";
  const tally = new Map<string, number>();
  let positives = 0;
  let humanScale: string | null = null;
  for (const row of counts.rows) {
    const [llm, human] = llmIsA ? [row.a, row.b] : [row.b, row.a];
    const scale = scaleById(llm.scale);
    if (!scale || !binarize(scale, llm.value)) continue;
    positives += row.count;
    humanScale ??= human.scale;
    tally.set(human.value, (tally.get(human.value) ?? 0) + row.count);
  }
  if (positives === 0) return null;
  const order =
    scaleById(humanScale ?? "")
      ?.levels.map((l) => l.value)
      .reverse() ?? [...tally.keys()].sort();
  const levels = order
    .filter((l) => tally.has(l))
    .map((level) => ({
      level: levelText(humanScale ?? "", level),
      count: tally.get(level)!,
      share: tally.get(level)! / positives,
    }));
  return { llm: llmIsA ? query.a : query.b, human: llmIsA ? query.b : query.a, pairs: positives, levels };
}
