import type { DriftReport } from "@/lib/domain/drift/build-drift-report";
import { DataTable, type Column } from "@/components/ui/data-table";
import { StatCard } from "@/components/ui/stat-card";
import { count } from "@/components/ui/wording";
import { fixed, percent } from "@/components/reports/format";
import { RankingAgreementTable, ScoresTable } from "@/components/reports/ranking-tables";
import { Slopegraph } from "@/components/reports/slopegraph";
import { SourceBar, SourceLegend, type sourceColours } from "./source-bars";

/** How many questions whose sources moved most get their bars (all are in the table). */
const MOVED_BARS = 8;

/** Are the questions still answerable? Nuggets supported in each snapshot, and those that lost or gained support. */
export function GroundingSection({ report: { grounding } }: { report: DriftReport }) {
  return (
    <section aria-labelledby="grounding-heading" className="space-y-4">
      <h2 id="grounding-heading" className="text-lg font-semibold">
        Are the questions still answerable?
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Support in A and B">
        <StatCard label="Nuggets supported in A" value={grounding.a.supportedNuggets} />
        <StatCard label="Nuggets supported in B" value={grounding.b.supportedNuggets} />
        <StatCard label="Lost support in B" value={grounding.lostSupport.length} />
        <StatCard label="Questions losing full support" value={grounding.lostFullSupport.length} />
      </dl>
      <p className="text-sm text-stone-600">
        Of {count(grounding.a.nuggets, "nugget")} in A and {grounding.b.nuggets} in B ({grounding.sharedNuggets} by the
        same id in both).{" "}
        {grounding.lostFullSupport.length > 0 && (
          <span data-testid="lost-full-support">
            Questions fully supported in A but not in B: {grounding.lostFullSupport.join(", ")}.
          </span>
        )}{" "}
        {grounding.regainedFullSupport.length > 0 &&
          `Questions fully supported in B but not in A: ${grounding.regainedFullSupport.join(", ")}.`}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <NuggetList id="lost-support" title="Supported in A, not in B" nuggets={grounding.lostSupport} />
        <NuggetList id="gained-support" title="Supported in B, not in A" nuggets={grounding.gainedSupport} />
        <NuggetList
          id="unsupported-a"
          title="No document supports them in A"
          nuggets={grounding.a.unsupportedNuggets}
        />
        <NuggetList
          id="unsupported-b"
          title="No document supports them in B"
          nuggets={grounding.b.unsupportedNuggets}
        />
      </div>
    </section>
  );
}

/** Where did the support move? The supporting documents' sources in each snapshot, overall and per question. */
export function SourcesSection({
  report: { sources, questions },
  colours,
}: {
  report: DriftReport;
  colours: ReturnType<typeof sourceColours>;
}) {
  const moved = sources.perQuestion.filter((q) => q.shift !== null).slice(0, MOVED_BARS);
  return (
    <section aria-labelledby="sources-heading" className="space-y-4">
      <h2 id="sources-heading" className="text-lg font-semibold">
        Where did the support move?
      </h2>
      <p className="text-sm text-stone-600">
        The supporting documents of the {count(questions.matched, "question")} in both, by source: each bar is one
        snapshot, its parts the sources&apos; shares (the number on the right counts the documents).
      </p>
      <div className="space-y-2" data-testid="source-shift">
        <SourceBar
          label="A"
          sources={sources.bySource.map((s) => ({ source: s.source, share: s.a.share }))}
          colours={colours}
          relevant={sources.relevant.a}
        />
        <SourceBar
          label="B"
          sources={sources.bySource.map((s) => ({ source: s.source, share: s.b.share }))}
          colours={colours}
          relevant={sources.relevant.b}
        />
        <SourceLegend colours={colours} />
      </div>
      <DataTable
        narrow
        label="Supporting documents by source"
        rows={sources.bySource}
        rowKey={(s) => s.source}
        columns={[
          { header: "Source", className: "whitespace-nowrap font-mono text-xs", cell: (s) => s.source },
          ...(["a", "b"] as const).flatMap((side): Column<(typeof sources.bySource)[number]>[] => [
            { group: side.toUpperCase(), header: "Documents", numeric: true, cell: (s) => s[side].documents },
            { group: side.toUpperCase(), header: "Share", numeric: true, cell: (s) => percent(s[side].share) },
          ]),
          { header: "Change", numeric: true, cell: (s) => signedPoints(s.b.share - s.a.share) },
        ]}
      />
      <h3 className="font-semibold">Questions whose sources moved most</h3>
      <ol className="space-y-3" data-testid="moved-questions">
        {moved.map((q) => (
          <li key={q.question} className="space-y-1">
            <p className="text-sm">
              <span className="font-mono">{q.question}</span>: {q.a.relevant} → {q.b.relevant} supporting documents,
              shift {fixed(q.shift, 2)}
            </p>
            <SourceBar label="A" sources={q.a.sources} colours={colours} relevant={q.a.relevant} />
            <SourceBar label="B" sources={q.b.sources} colours={colours} relevant={q.b.relevant} />
          </li>
        ))}
      </ol>
      <DataTable
        label="Every question's supporting documents"
        rows={sources.perQuestion}
        rowKey={(q) => q.question}
        columns={[
          { header: "Question", className: "font-mono text-xs", cell: (q) => q.question },
          { header: "Supporting in A", numeric: true, cell: (q) => q.a.relevant },
          { header: "Supporting in B", numeric: true, cell: (q) => q.b.relevant },
          { header: "Largest source in A", cell: (q) => topSource(q.a.sources) },
          { header: "Largest source in B", cell: (q) => topSource(q.b.sources) },
          {
            header: "Shift",
            numeric: true,
            cell: (q) => fixed(q.shift, 2),
            title: (q) => (q.shift === null ? "a snapshot has no supporting document for it" : undefined),
          },
        ]}
      />
    </section>
  );
}

/** Do the systems keep their order? The runs both snapshots have, scored under each one's labels. */
export function LeaderboardsSection({ report: { leaderboards, questions } }: { report: DriftReport }) {
  return (
    <section aria-labelledby="leaderboards-heading" className="space-y-4">
      <h2 id="leaderboards-heading" className="text-lg font-semibold">
        Do the systems keep their order?
      </h2>
      <p className="text-sm text-stone-600">
        The runs both snapshots have, matched by tag, each scored on the {count(questions.matched, "question")} in both
        under its own snapshot&apos;s labels (FreshStack&apos;s metrics; a question a run misses scores 0).
      </p>
      <RankingAgreementTable
        label="Ranking agreement between the snapshots"
        testIdPrefix="drift-tau-"
        agreement={leaderboards}
        undefinedWhy="undefined: a snapshot scores every system the same, or fewer than two systems are in both"
      />
      <ScoresTable
        label="Scores in both snapshots"
        metrics={leaderboards.metrics}
        systems={leaderboards.systems.map((s) => ({ name: s.system, scores: s.scores }))}
      />
      <p className="text-sm text-stone-600" data-testid="unmatched-runs">
        Runs in one snapshot only, not compared:{" "}
        {leaderboards.unmatched.a.length + leaderboards.unmatched.b.length === 0
          ? "none"
          : [
              ...leaderboards.unmatched.a.map((t) => `${t} (A only)`),
              ...leaderboards.unmatched.b.map((t) => `${t} (B only)`),
            ].join(", ")}
        .
      </p>
      <div className="grid gap-6 lg:grid-cols-3">
        {leaderboards.metrics.map((m) => (
          <Slopegraph
            key={m}
            metric={m}
            sets={{ a: "A", b: "B" }}
            systems={leaderboards.systems.map((s) => ({ name: s.system, ...s.scores[m]! }))}
          />
        ))}
      </div>
    </section>
  );
}

const nuggetColumns: Column<{ question: string; nugget: string; text: string }>[] = [
  { header: "Question", className: "font-mono text-xs", cell: (n) => n.question },
  { header: "Nugget", className: "whitespace-nowrap font-mono text-xs", cell: (n) => n.nugget },
  { header: "Text", cell: (n) => n.text },
];

function NuggetList({
  id,
  title,
  nuggets,
}: {
  id: string;
  title: string;
  nuggets: readonly { question: string; nugget: string; text: string }[];
}) {
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={id}>
      <h3 id={`${id}-heading`} className="mb-1 font-semibold">
        {title} ({nuggets.length})
      </h3>
      {nuggets.length === 0 ? (
        <p className="text-sm text-stone-600">None.</p>
      ) : (
        <DataTable label={title} rows={nuggets} rowKey={(n) => `${n.question} ${n.nugget}`} columns={nuggetColumns} />
      )}
    </section>
  );
}

const topSource = (sources: readonly { source: string; share: number }[]) =>
  sources[0] ? `${sources[0].source} (${percent(sources[0].share)})` : "—";

/** A change in share as percentage points: "+12.3 pp", "−4.0 pp". */
const signedPoints = (change: number) =>
  `${change > 0 ? "+" : change < 0 ? "−" : ""}${Math.abs(change * 100).toFixed(1)} pp`;
