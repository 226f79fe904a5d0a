import { levelText } from "../scales";
import { isQueryDocumentKey, nuggetDocumentKey, queryDocumentKey } from "../targets";
import { disagreement, fusedLlm, humanMajority, labelPosition, type JudgeLabel } from "./consensus";

type Shown = { scale: string; value: string; text: string; positive: boolean | null };

/** One cell of the grid: every judge's label on a (nugget or question, chunk) target, LLMs first. */
export type PoolCell = {
  targetKey: string;
  labels: (Shown & { judge: string; kind: "model" | "human" })[];
  fused: Shown | null;
  majority: Shown | null;
  disagreement: number;
};

/**
 * One question's pool as a grid: a row per pooled chunk (best-ranked by any run first, each with
 * the systems that retrieved it at their best rank), a column per nugget (and one for the question
 * when chunks were judged for relevance to it), each cell holding every judge's label, the LLMs
 * fused, the human majority and how strongly they disagree.
 */
export function buildPoolGrid(inputs: {
  queryId: number;
  nuggets: readonly { id: number; position: number; text: string }[];
  /** The pooled chunks, with the sources (JSON) the pool was imported with. */
  pool: readonly {
    sources: string;
    document: { id: number; externalId: string; title: string; repo: string | null; path: string | null };
  }[];
  labels: readonly { targetKey: string; value: string; scale: string; judge: { name: string; kind: string } }[];
  /** The runs' entries for the question. */
  retrieved: readonly { documentId: number; rank: number; system: { name: string } }[];
}) {
  const { queryId, nuggets, pool, labels, retrieved } = inputs;
  // who retrieved each chunk: the imported runs (and any sources the pool itself was imported with)
  const runSources = new Map<number, { system: string; rank: number }[]>();
  for (const r of retrieved)
    (runSources.get(r.documentId) ?? runSources.set(r.documentId, []).get(r.documentId)!).push({
      system: r.system.name,
      rank: r.rank,
    });
  const byTarget = new Map<string, JudgeLabel[]>();
  for (const l of labels) {
    const list = byTarget.get(l.targetKey) ?? byTarget.set(l.targetKey, []).get(l.targetKey)!;
    list.push({
      judge: l.judge.name,
      kind: l.judge.kind === "human" ? "human" : "model",
      scale: l.scale,
      value: l.value,
    });
  }
  const judgedForRelevance = labels.some((l) => isQueryDocumentKey(l.targetKey));
  const columns = [
    ...nuggets.map((n) => ({
      key: `n${n.id}`,
      title: `N${n.position}`,
      text: n.text,
      target: (d: number) => nuggetDocumentKey(n.id, d),
    })),
    ...(judgedForRelevance
      ? [
          {
            key: "q",
            title: "Question",
            text: "Relevance of the chunk to the question",
            target: (d: number) => queryDocumentKey(queryId, d),
          },
        ]
      : []),
  ];
  const judges = [
    ...new Map(labels.map((l) => [l.judge.name, l.judge.kind === "human" ? ("human" as const) : ("model" as const)])),
  ]
    .map(([name, kind]) => ({ name, kind }))
    .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "model" ? -1 : 1));

  const chunks = pool
    .map(({ sources, document: d }) => {
      const cells = columns.map((c) => cellOf(c.target(d.id), byTarget.get(c.target(d.id))));
      const all = mergeSources([...parseSources(sources), ...(runSources.get(d.id) ?? [])]);
      return {
        documentId: d.id,
        externalId: d.externalId,
        title: d.title,
        repo: d.repo,
        path: d.path,
        sources: all,
        cells,
        disagreements: cells.filter((c) => c && c.disagreement > 0).length,
      };
    })
    .sort(
      (a, b) =>
        bestRank(a.sources) - bestRank(b.sources) || a.externalId.localeCompare(b.externalId, "en", { numeric: true }),
    );

  return { columns: columns.map(({ key, title, text }) => ({ key, title, text })), judges, chunks };
}

function cellOf(targetKey: string, labels: JudgeLabel[] | undefined): PoolCell | null {
  if (!labels?.length) return null;
  const shown = (l: { scale: string; value: string } | null) =>
    l && {
      scale: l.scale,
      value: l.value,
      text: levelText(l.scale, l.value),
      positive: labelPosition(l.scale, l.value)?.positive ?? null,
    };
  return {
    targetKey,
    labels: labels
      .toSorted((a, b) => (a.kind === b.kind ? a.judge.localeCompare(b.judge) : a.kind === "model" ? -1 : 1))
      .map((l) => ({ judge: l.judge, kind: l.kind, ...shown(l)! })),
    fused: shown(fusedLlm(labels)),
    majority: shown(humanMajority(labels)),
    disagreement: disagreement(labels),
  };
}

function parseSources(json: string): { system: string; rank: number }[] {
  try {
    const sources = JSON.parse(json) as unknown;
    return Array.isArray(sources)
      ? sources.flatMap((s: { system?: unknown; rank?: unknown }) =>
          typeof s?.system === "string" && typeof s.rank === "number" ? [{ system: s.system, rank: s.rank }] : [],
        )
      : [];
  } catch {
    return [];
  }
}

/** One entry per system, at its best rank, best first (then by system name). */
function mergeSources(sources: { system: string; rank: number }[]): { system: string; rank: number }[] {
  const best = new Map<string, number>();
  for (const s of sources) best.set(s.system, Math.min(best.get(s.system) ?? Infinity, s.rank));
  return [...best]
    .map(([system, rank]) => ({ system, rank }))
    .sort((a, b) => a.rank - b.rank || a.system.localeCompare(b.system));
}

const bestRank = (sources: { rank: number }[]) => Math.min(Infinity, ...sources.map((s) => s.rank));
