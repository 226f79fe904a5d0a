import { csvLine } from "@/lib/formats/csv";

/** A row of the Questions page, as the CSV reads it. */
type QuestionRow = {
  externalId: string;
  title: string;
  tags: readonly string[];
  nuggets: number;
  pooled: number;
  llmPositive: number;
  humanJudged: number;
  disagreements: number;
};

/** A row of the Disagreements page, as the CSV reads it. */
type DisagreementRow = {
  strength: number;
  question: { externalId: string };
  nugget: { position: number; text: string } | null;
  chunk: { externalId: string };
  labels: readonly { judge: string; kind: string; text: string; positive: boolean | null }[];
};

/**
 * The Questions page as one CSV table, every question the search and tag list, in the page's
 * order: question,title,tags,nuggets,pooled,llm_positive,human_judged,disagreements (tags joined by "; ").
 */
export function questionsCsv(list: { rows: readonly QuestionRow[] }): string {
  const rows = [
    ["question", "title", "tags", "nuggets", "pooled", "llm_positive", "human_judged", "disagreements"],
    ...list.rows.map((q) => [
      q.externalId,
      q.title,
      q.tags.join("; "),
      q.nuggets,
      q.pooled,
      q.llmPositive,
      q.humanJudged,
      q.disagreements,
    ]),
  ];
  return `${rows.map(csvLine).join("\n")}\n`;
}

/**
 * The Disagreements page as one CSV table, the strongest disagreement first, a row per judge's
 * label: question,nugget_position,nugget,chunk,strength,judge,judge_kind,label,positive (the
 * nugget's columns empty for a relevance pair; positive 1, 0, or empty off the scale).
 */
export function disagreementsCsv(list: { rows: readonly DisagreementRow[] }): string {
  const rows = [
    ["question", "nugget_position", "nugget", "chunk", "strength", "judge", "judge_kind", "label", "positive"],
    ...list.rows.flatMap((d) =>
      d.labels.map((l) => [
        d.question.externalId,
        d.nugget?.position ?? null,
        d.nugget?.text ?? null,
        d.chunk.externalId,
        d.strength,
        l.judge,
        l.kind,
        l.text,
        l.positive === null ? null : l.positive ? 1 : 0,
      ]),
    ),
  ];
  return `${rows.map(csvLine).join("\n")}\n`;
}
