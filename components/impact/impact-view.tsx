import Link from "next/link";
import { IMPACT_FAMILIES, type ImpactFamily } from "@/lib/domain/impact/build-impact-report";
import type { ImpactReport } from "@/lib/domain/impact/build-impact-report";
import { Field, Select } from "@/components/ui/field";
import { LabelSetPairPage, type LabelSetPairProps } from "@/components/reports/label-set-pair-page";
import { count } from "@/components/ui/wording";
import { RankingAgreementTable, ScoresTable } from "@/components/reports/ranking-tables";
import { Slopegraph } from "@/components/reports/slopegraph";
import { DataTable } from "@/components/ui/data-table";
import { ReportExports } from "@/components/reports/report-exports";
import { LeftOutNote } from "@/components/reports/left-out-note";
import { SignificanceSection } from "./significance-section";

const fixed = (v: number | null) => (v === null ? "—" : v.toFixed(3));

const FAMILY_LABELS: Record<ImpactFamily, string> = {
  nuggets: "Support labels (FreshStack's)",
  relevance: "Relevance labels (trec_eval's)",
  answers: "Nugget assignments (TREC RAG's nugget scores)",
  citations: "Citation support (TREC RAG's weighted precision and recall)",
};

/** What the summary says the questions are, and how each family scores. */
const FAMILY_WORDS: Record<ImpactFamily, { universe: string; unjudged: string }> = {
  nuggets: { universe: "with nuggets", unjudged: "unsupported" },
  relevance: { universe: "judged by either set", unjudged: "irrelevant" },
  answers: { universe: "with nuggets and answers", unjudged: "unsupported" },
  citations: { universe: "with answers kept by sentence", unjudged: "unsupported" },
};

/** Which label sets to compare, and the runs' scores under both. */
export function ImpactView(page: LabelSetPairProps<ImpactReport>) {
  const { study, query, report } = page;
  return (
    <LabelSetPairPage
      title="Benchmark impact"
      description={
        <>
          Do the conclusions change when one label set replaces another? The study&apos;s runs scored under both: with
          FreshStack&apos;s measures over support labels, with trec_eval&apos;s over relevance labels, and the RAG
          systems&apos; answers with the TREC RAG track&apos;s nugget scores over nugget assignments and its weighted
          precision and recall over citation support.
        </>
      }
      submit="Score the runs"
      choices={
        <>
          <Field label="Measures">
            <Select name="family" defaultValue={report?.family ?? query.family ?? ""}>
              {!report && <option value="">The first both sets have labels for</option>}
              {(report?.families ?? IMPACT_FAMILIES).map((f) => (
                <option key={f} value={f}>
                  {FAMILY_LABELS[f]}
                </option>
              ))}
            </Select>
          </Field>
          {/* the nugget-based families read a nugget set's nuggets: each side's may be chosen once the study has two */}
          {study.nuggetSets.length > 1 && (
            <NuggetSetChoices
              sets={study.nuggetSets}
              a={report?.nuggetSets.a ?? query.nuggetSet ?? ""}
              b={query.nuggetSetB ?? ""}
            />
          )}
          {/* trec_eval's -J applies to relevance labels only: offered when the sets have them, or before they are chosen */}
          {(!report || report.families.includes("relevance")) && (
            <label className="flex items-center gap-2 self-center text-sm">
              <input type="checkbox" name="judged" value="1" defaultChecked={query.judged === "1"} />
              Judged documents only (trec_eval -J; relevance)
            </label>
          )}
        </>
      }
      page={page}
    >
      {(report, titles) => (
        <>
          <ReportExports
            className="mt-4"
            href={(format) =>
              `/api/studies/${study.id}/reports/impact?${new URLSearchParams({
                a: report.sets.a,
                b: report.sets.b,
                family: report.family,
                ...(query.nuggetSet ? { nuggetSet: query.nuggetSet } : {}),
                ...(query.nuggetSetB ? { nuggetSetB: query.nuggetSetB } : {}),
                ...(report.judgedOnly ? { judged: "1" } : {}),
                measure: report.significance.measure,
                test: report.significance.test,
                ...(report.significance.differences
                  ? { x: report.significance.differences.x, y: report.significance.differences.y }
                  : {}),
                format,
              })}`
            }
          />
          <ImpactReportView studyId={study.id} report={report} titles={titles} />
        </>
      )}
    </LabelSetPairPage>
  );
}

/** The nugget set A's labels are read with (the study's first unless chosen), and B's (A's unless chosen). */
function NuggetSetChoices({ sets, a, b }: { sets: readonly string[]; a: string; b: string }) {
  return (
    <>
      <Field label="Nugget set">
        <Select name="nuggetSet" defaultValue={a === sets[0] ? "" : a}>
          {sets.map((name, i) => (
            <option key={name} value={i === 0 ? "" : name}>
              {i === 0 ? `${name} (the first)` : name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Nugget set for B">
        <Select name="nuggetSetB" defaultValue={b}>
          <option value="">The same as A</option>
          {sets.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}

function ImpactReportView({
  studyId,
  report,
  titles,
}: {
  studyId: number;
  report: ImpactReport;
  titles: { a: string; b: string };
}) {
  const relevance = report.family === "relevance";
  const words = FAMILY_WORDS[report.family];
  const partial = report.questions < report.questionsTotal;
  return (
    <div className="mt-6 space-y-8" data-testid="impact-report">
      <ImpactSummary report={report} titles={titles} />
      <LeftOutNote leftOut={report.leftOut} />
      {partial && (
        <p
          role="note"
          data-testid="impact-coverage"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          Computed on {report.questions} of {report.questionsTotal} questions: A judged{" "}
          {count(report.judged.a, "question")}, B judged {count(report.judged.b, "question")}. Both are scored on the
          questions both judged, so that an unjudged question does not count as {words.unjudged}.
        </p>
      )}
      {relevance && (
        <p className="text-sm text-stone-600">
          Every judge against one, with the systems each one&apos;s labels rank:{" "}
          <Link
            className="text-sky-800 underline"
            href={`/studies/${studyId}/agreement?${new URLSearchParams({ reference: report.sets.b, measure: "ndcg@10" })}`}
          >
            all judges against {titles.b}
          </Link>
          .
        </p>
      )}
      <section aria-labelledby="tau-heading">
        <h2 id="tau-heading" className="mb-2 text-lg font-semibold">
          Ranking agreement
        </h2>
        <RankingAgreementTable label="Kendall's tau-b" testIdPrefix="tau-" agreement={report} />
      </section>
      <section aria-labelledby="scores-heading">
        <h2 id="scores-heading" className="mb-2 text-lg font-semibold">
          Scores
        </h2>
        <ScoresTable label="Scores under both label sets" metrics={report.metrics} systems={report.systems} />
      </section>
      <div className="grid gap-6 lg:grid-cols-3">
        {report.metrics.map((m) => (
          <Slopegraph
            key={m}
            metric={m}
            sets={{ a: "A", b: "B" }}
            systems={report.systems.flatMap((s) => {
              const { a, b } = s.scores[m]!;
              return a === null || b === null ? [] : [{ name: s.name, a, b }];
            })}
          />
        ))}
      </div>
      <SignificanceSection report={report} titles={titles} />
      <div className="grid gap-8 lg:grid-cols-2">
        <QuestionsThatMove metric={report.metrics[0]!} questions={report.perQuestion} />
        {report.filters && <FreshStackFilters report={report} filters={report.filters} />}
        {report.citationAgreement && <CitationAgreement agreement={report.citationAgreement} />}
        {report.perAnswer && <AnswersThatMove metric={report.metrics[0]!} answers={report.perAnswer} />}
      </div>
    </div>
  );
}

/** What the report compares (systems, questions, the two sets) and how its family scores a run. */
function ImpactSummary({ report, titles }: { report: ImpactReport; titles: { a: string; b: string } }) {
  const relevance = report.family === "relevance";
  const words = FAMILY_WORDS[report.family];
  const partial = report.questions < report.questionsTotal;
  return (
    <p className="text-sm text-stone-600" data-testid="impact-summary">
      {count(report.systems.length, "system")} over {count(report.questions, "question")}
      {partial ? ` (of ${report.questionsTotal} ${words.universe})` : relevance ? "" : ` ${words.universe}`}; A ={" "}
      {titles.a}, B = {titles.b}.{" "}
      {report.family !== "relevance" && report.family !== "citations" && report.nuggetSets.a !== null && (
        <span data-testid="impact-nugget-sets">
          {report.nuggetSets.a === report.nuggetSets.b
            ? `Nuggets of the set ${report.nuggetSets.a}. `
            : `Nuggets of the set ${report.nuggetSets.a} under A, of ${report.nuggetSets.b ?? "none"} under B. `}
        </span>
      )}
      {relevance
        ? `trec_eval 9.0.8's measures over relevance labels (a level's position is its gain)${report.judgedOnly ? ", judged documents only (-J)" : ""}: each the mean over the questions a run and the labels share.`
        : report.family === "answers"
          ? "The TREC RAG track's nugget scores as nuggetizer computes them (a partial support counts 0.5; strict counts full support only; a question without a vital nugget scores 0 on Vital): a run's score is the mean over its answers that both sets assigned in full."
          : report.family === "citations"
            ? "Citation support as Thakur et al. weigh it (full 1, partial 0.5, none 0): an answer's weighted precision over its judged sentence-passage pairs, its weighted recall over its sentences (each its best judged citation; a sentence without one counts 0), on the pairs both sets judged; a run's score is the mean over its answers."
            : "FreshStack's measures over support labels: scores average every question (a question a run misses scores 0)."}
    </p>
  );
}

/** The 20 questions whose mean score over the systems on the first measure moves most between the two sets. */
function QuestionsThatMove({ metric, questions }: { metric: string; questions: ImpactReport["perQuestion"] }) {
  return (
    <section aria-labelledby="questions-heading">
      <h2 id="questions-heading" className="mb-2 text-lg font-semibold">
        Questions that move most ({metric}, mean over systems)
      </h2>
      <DataTable
        narrow
        label="Per-question differences"
        rows={questions}
        rowKey={(q) => q.question}
        columns={[
          { header: "Question", className: "font-mono text-xs", cell: (q) => q.question },
          { header: "A", numeric: true, className: "font-mono", cell: (q) => fixed(q.a) },
          { header: "B", numeric: true, className: "font-mono", cell: (q) => fixed(q.b) },
          {
            header: "B − A",
            numeric: true,
            className: "font-mono",
            cell: (q) => (q.b - q.a >= 0 ? "+" : "") + (q.b - q.a).toFixed(3),
          },
        ]}
      />
    </section>
  );
}

/** The 20 answers whose score on the first measure moves most between the two sets (all of them are in the JSON and CSV). */
function AnswersThatMove({ metric, answers }: { metric: string; answers: NonNullable<ImpactReport["perAnswer"]> }) {
  const change = (x: (typeof answers)[number]) => (x.b[metric] ?? 0) - (x.a[metric] ?? 0);
  const moved = answers.toSorted((x, y) => Math.abs(change(y)) - Math.abs(change(x))).slice(0, 20);
  return (
    <section aria-labelledby="answers-heading">
      <h2 id="answers-heading" className="mb-2 text-lg font-semibold">
        Answers that move most ({metric})
      </h2>
      <DataTable
        narrow
        label="Per-answer differences"
        rows={moved}
        rowKey={(x) => `${x.system}|${x.question}`}
        columns={[
          { header: "System", className: "font-mono text-xs", cell: (x) => x.system },
          { header: "Question", className: "font-mono text-xs", cell: (x) => x.question },
          { header: "A", numeric: true, className: "font-mono", cell: (x) => fixed(x.a[metric] ?? null) },
          { header: "B", numeric: true, className: "font-mono", cell: (x) => fixed(x.b[metric] ?? null) },
          {
            header: "B − A",
            numeric: true,
            className: "font-mono",
            cell: (x) => (change(x) >= 0 ? "+" : "") + change(x).toFixed(3),
          },
        ]}
      />
    </section>
  );
}

/** How far the two sets agree on the (sentence, passage) pairs both judged, as Thakur et al. report it. */
function CitationAgreement({ agreement: g }: { agreement: NonNullable<ImpactReport["citationAgreement"]> }) {
  const pct = (v: number | null) => (v === null ? "—" : `${(v * 100).toFixed(1)}%`);
  return (
    <section aria-labelledby="citation-agreement-heading">
      <h2 id="citation-agreement-heading" className="mb-2 text-lg font-semibold">
        Agreement on the cited pairs
      </h2>
      <p className="text-sm text-stone-700" data-testid="citation-agreement">
        The sets judge {g.agree} of {count(g.pairs, "pair")} the same on the three levels: {pct(g.share)} (95%{" "}
        {pct(g.low)}–{pct(g.high)}); Cohen&apos;s κ {fixed(g.cohenKappa)}, Krippendorff&apos;s α (ordinal){" "}
        {fixed(g.alpha)}.
      </p>
    </section>
  );
}

function FreshStackFilters({
  report,
  filters,
}: {
  report: ImpactReport;
  filters: NonNullable<ImpactReport["filters"]>;
}) {
  return (
    <section aria-labelledby="filters-heading">
      <h2 id="filters-heading" className="mb-2 text-lg font-semibold">
        FreshStack&apos;s filters
      </h2>
      <DataTable
        narrow
        label="FreshStack filters"
        rows={[
          {
            what: `Questions with no supported nugget (of ${report.questions})`,
            counts: filters.unsupportedQuestions,
          },
          {
            what: `Nuggets no chunk supports (of ${filters.nuggets})`,
            counts: filters.unsupportedNuggets,
          },
        ]}
        rowKey={(r) => r.what}
        columns={[
          { header: "", cell: (r) => r.what },
          { header: "A", numeric: true, cell: (r) => r.counts.a },
          { header: "B", numeric: true, cell: (r) => r.counts.b },
        ]}
      />
    </section>
  );
}
