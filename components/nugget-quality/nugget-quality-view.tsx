import Link from "next/link";
import type { NuggetQualityReport } from "@/lib/schemas/nugget-quality";
import { AddNuggetButton } from "./add-nugget-button";
import { fixed, interval, percent, statisticLabel } from "../reports/format";
import { ScrollX } from "@/components/ui/scroll-x";
import { count } from "@/components/ui/wording";
import { Select } from "@/components/ui/field";
import { ReportPage } from "@/components/ui/report-page";
import { ReportExports } from "@/components/reports/report-exports";

type CampaignChoice = { id: number; name: string; items: number };
type Quality = NuggetQualityReport["overall"]["micro"];

const th = "py-1 pr-4 font-medium";
const num = "py-1 pr-4 text-right font-mono tabular-nums";

/** The nugget-quality page: which campaign (and support campaign for Table 5), an error if the choice failed, and the report. */
export function NuggetQualityView({
  study,
  campaigns,
  supportCampaigns,
  chosen,
  report,
  error,
}: {
  study: { id: number; name: string };
  campaigns: CampaignChoice[];
  supportCampaigns: CampaignChoice[];
  chosen: { campaign: number | null; support: number | null };
  report: NuggetQualityReport | null;
  error: string | null;
}) {
  return (
    <ReportPage
      title="Nugget quality"
      description={
        <>
          How good are the LLM&apos;s nuggets? From the experts&apos; reviews (FreshStack section 5.2.1): precision (|N|
          − ΣB) / |N|, recall (|N| − ΣB) / (|N| − ΣB + C) and groundedness (|N| − ΣA) / |N|, where A marks a
          hallucinated nugget, B a minor or redundant one, and C counts the missing ones.
        </>
      }
      controls={
        <>
          {campaigns.length === 0 ? (
            <p className="mt-4 text-sm text-stone-600">
              This study has no nugget-quality campaign yet:{" "}
              <Link className="text-sky-700 hover:underline" href={`/studies/${study.id}/campaigns/new`}>
                create one
              </Link>{" "}
              (task “Nugget quality”).
            </p>
          ) : (
            <form
              method="get"
              className="mt-4 grid items-end gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-3"
              aria-label="Nugget-quality campaign"
            >
              <label className="block text-sm font-medium">
                Nugget-quality campaign
                <Select name="campaign" defaultValue={chosen.campaign ?? ""} className="mt-1" required>
                  <option value="">Choose…</option>
                  {campaigns.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name} ({count(c.items, "question")})
                    </option>
                  ))}
                </Select>
              </label>
              <label className="block text-sm font-medium">
                Support campaign for the judgment side (optional)
                <Select name="support" defaultValue={chosen.support ?? ""} className="mt-1">
                  <option value="">None</option>
                  {supportCampaigns.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name} ({count(c.items, "item")})
                    </option>
                  ))}
                </Select>
              </label>
              <button
                type="submit"
                className="rounded-md bg-stone-900 px-3 py-2 text-sm font-medium text-white hover:bg-stone-700"
              >
                Show the report
              </button>
            </form>
          )}
        </>
      }
      error={error}
    >
      {report && <NuggetQualityReportView studyId={study.id} support={chosen.support} report={report} />}
    </ReportPage>
  );
}

function NuggetQualityReportView({
  studyId,
  support,
  report,
}: {
  studyId: number;
  support: number | null;
  report: NuggetQualityReport;
}) {
  const exportHref = (format: string) =>
    `/api/studies/${studyId}/reports/nugget-quality?${new URLSearchParams({ campaign: String(report.campaign.id), ...(support ? { support: String(support) } : {}), format })}`;
  const levels = report.judgment?.levels ?? [];
  return (
    <div className="mt-6 space-y-8" data-testid="nugget-quality-report">
      <ReportExports href={exportHref} />
      <p className="text-sm text-stone-600" data-testid="nugget-quality-summary">
        {report.reviews} {report.reviews === 1 ? "review" : "reviews"} of {report.questions}{" "}
        {report.questions === 1 ? "question" : "questions"} by {report.perAnnotator.length}{" "}
        {report.perAnnotator.length === 1 ? "annotator" : "annotators"} in {report.campaign.name}.
      </p>
      {report.reviews === 0 ? (
        <p className="text-sm text-stone-600">No review has been submitted yet.</p>
      ) : (
        <>
          <section aria-labelledby="table5-heading">
            <h2 id="table5-heading" className="mb-1 text-lg font-semibold">
              Nugget and judgment quality
            </h2>
            <p className="mb-2 text-sm text-stone-600">
              In the shape of FreshStack&apos;s Table 5: nugget quality (macro, the mean over reviews) beside how
              experts labelled the pairs the LLM called positive
              {report.judgment
                ? ` (${report.judgment.campaign.name}, ${report.judgment.pairs} pairs)`
                : ` (${report.judgmentNote ?? "choose a support campaign above"})`}
              .
            </p>
            <ScrollX>
              <table className="text-sm" aria-label="Nugget and judgment quality">
                <thead className="text-left text-stone-500">
                  <tr>
                    <th className={th}>Precision</th>
                    <th className={th}>Recall</th>
                    <th className={th}>Groundedness</th>
                    {levels.map((l) => (
                      <th key={l.level} className={th}>
                        LLM-positive judged {l.level}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  <tr className="border-t border-stone-200">
                    <td className={num}>{fixed(report.overall.macro.precision.value)}</td>
                    <td className={num}>{fixed(report.overall.macro.recall.value)}</td>
                    <td className={num}>{fixed(report.overall.macro.groundedness.value)}</td>
                    {levels.map((l) => (
                      <td key={l.level} className={num}>
                        {percent(l.share)} ({l.count})
                      </td>
                    ))}
                  </tr>
                </tbody>
              </table>
            </ScrollX>
          </section>
          <section aria-labelledby="overall-heading">
            <h2 id="overall-heading" className="mb-2 text-lg font-semibold">
              Overall and per annotator
            </h2>
            <ScrollX>
              <table className="text-sm" aria-label="Nugget quality overall and per annotator">
                <thead className="text-left text-stone-500">
                  <tr>
                    <th className={th}>Who</th>
                    <th className={th}>Averaging</th>
                    <th className={`${th} text-right`}>Reviews</th>
                    <th className={`${th} text-right`}>Nuggets</th>
                    <th className={`${th} text-right`}>Precision</th>
                    <th className={`${th} text-right`}>Recall</th>
                    <th className={`${th} text-right`}>Groundedness</th>
                  </tr>
                </thead>
                <tbody>
                  <QualityRows
                    who="All annotators"
                    reviews={report.reviews}
                    micro={report.overall.micro}
                    macro={report.overall.macro}
                    testId="overall"
                  />
                  {report.perAnnotator.map((a) => (
                    <QualityRows
                      key={a.annotator}
                      who={a.annotator}
                      reviews={a.reviews}
                      micro={a.micro}
                      macro={a.macro}
                      testId={`annotator-${a.annotator}`}
                    />
                  ))}
                </tbody>
              </table>
            </ScrollX>
            <p className="mt-1 text-xs text-stone-500">
              Micro counts every nugget once over all reviews; macro is the mean of each review&apos;s value (one
              annotator&apos;s review of one question), over the reviews where it is defined.
            </p>
          </section>
          <section aria-labelledby="position-heading">
            <h2 id="position-heading" className="mb-1 text-lg font-semibold">
              By nugget position
            </h2>
            <p className="mb-2 text-sm text-stone-600" data-testid="last-nugget-share">
              {report.lastNuggetShare.value === null
                ? "No nugget is marked minor or redundant."
                : `${percent(report.lastNuggetShare.value)} of the nuggets marked minor or redundant are their question's last (FreshStack: about half).`}
            </p>
            <ScrollX>
              <table className="text-sm" aria-label="Nugget quality by position">
                <thead className="text-left text-stone-500">
                  <tr>
                    <th className={th}>Position</th>
                    <th className={`${th} text-right`}>Nuggets</th>
                    <th className={`${th} text-right`}>Precision</th>
                    <th className={`${th} text-right`}>Groundedness</th>
                  </tr>
                </thead>
                <tbody>
                  {report.byPosition.map((p) => (
                    <tr key={p.position} className="border-t border-stone-200">
                      <td className="py-1 pr-4">{p.position}</td>
                      <td className={num}>{p.nuggets}</td>
                      <td className={num}>{fixed(p.precision)}</td>
                      <td className={num}>{fixed(p.groundedness)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollX>
          </section>
          {report.agreement && (
            <section aria-labelledby="review-agreement-heading">
              <h2 id="review-agreement-heading" className="mb-1 text-lg font-semibold">
                Agreement between annotators
              </h2>
              <p className="mb-2 text-sm text-stone-600">
                Over the {report.agreement.nuggets} nuggets of the {report.agreement.questions} questions reviewed by
                two or more annotators; 95% bootstrap intervals.
              </p>
              <ScrollX>
                <table className="text-sm" aria-label="Agreement between annotators on A, B and C">
                  <thead className="text-left text-stone-500">
                    <tr>
                      <th className={th}>Mark</th>
                      <th className={th}>Statistic</th>
                      <th className={`${th} text-right`}>Value</th>
                      <th className={`${th} text-right`}>95% interval</th>
                    </tr>
                  </thead>
                  <tbody>
                    {(["hallucinated", "redundant", "missing"] as const).flatMap((mark) =>
                      report.agreement![mark].map((s) => (
                        <tr key={`${mark}-${s.metric}`} className="border-t border-stone-200">
                          <td className="py-1 pr-4">
                            {mark === "hallucinated"
                              ? "A: hallucinated"
                              : mark === "redundant"
                                ? "B: minor or redundant"
                                : "C: missing (per question)"}
                          </td>
                          <td className="py-1 pr-4">{statisticLabel(s.metric)}</td>
                          <td className={num} title={s.reason}>
                            {fixed(s.value)}
                          </td>
                          <td className={num}>{interval(s.low, s.high)}</td>
                        </tr>
                      )),
                    )}
                  </tbody>
                </table>
              </ScrollX>
            </section>
          )}
          <section aria-labelledby="questions-heading">
            <h2 id="questions-heading" className="mb-2 text-lg font-semibold">
              Per question
            </h2>
            <ScrollX>
              <table className="w-full text-sm" aria-label="Nugget quality per question">
                <thead className="text-left text-stone-500">
                  <tr>
                    <th className={th}>Question</th>
                    <th className={`${th} text-right`}>Nuggets</th>
                    <th className={`${th} text-right`}>Reviews</th>
                    <th className={`${th} text-right`}>ΣA</th>
                    <th className={`${th} text-right`}>ΣB</th>
                    <th className={`${th} text-right`}>ΣC</th>
                    <th className={`${th} text-right`}>Precision</th>
                    <th className={`${th} text-right`}>Recall</th>
                    <th className={`${th} text-right`}>Groundedness</th>
                  </tr>
                </thead>
                <tbody>
                  {report.perQuestion.map((q) => (
                    <tr key={q.question} className="border-t border-stone-200" data-testid={`question-${q.question}`}>
                      <td className="max-w-sm py-1 pr-4">
                        <span className="font-mono text-xs">{q.question}</span>{" "}
                        <span className="text-stone-600">{q.title}</span>
                      </td>
                      <td className={num} data-testid="nugget-list">
                        {q.nuggets}
                        {q.nuggetVersion !== null && (
                          <span className="block text-xs text-stone-500">
                            list v{q.nuggetVersion}
                            {q.currentNuggetVersion !== q.nuggetVersion ? ` (now v${q.currentNuggetVersion})` : ""}
                          </span>
                        )}
                      </td>
                      <td className={num}>{q.reviews}</td>
                      <td className={num}>{q.hallucinated}</td>
                      <td className={num}>{q.redundant}</td>
                      <td className={num}>{q.missing}</td>
                      <td className={num}>{fixed(q.quality.precision.value)}</td>
                      <td className={num}>{fixed(q.quality.recall.value)}</td>
                      <td className={num}>{fixed(q.quality.groundedness.value)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollX>
            <p className="mt-1 text-xs text-stone-500">
              A question&apos;s values pool its reviewers: marks and C summed, the metrics from the sums. Every review
              covers the nugget list the campaign started with (its version is shown; &quot;now&quot; when nuggets were
              added to the question since).
            </p>
          </section>
          {report.missingNuggets.length > 0 && (
            <section aria-labelledby="missing-heading">
              <h2 id="missing-heading" className="mb-2 text-lg font-semibold">
                Missing nuggets written out
              </h2>
              <ul className="space-y-1 text-sm" aria-label="Missing nuggets">
                {report.missingNuggets.map((m, i) => (
                  <li key={i} className="flex flex-wrap items-baseline gap-2">
                    <span className="font-mono text-xs">{m.question}</span> {m.text}{" "}
                    <span className="text-xs text-stone-500">({m.annotator})</span>
                    {m.nugget ? (
                      <span className="text-xs text-emerald-700">nugget {m.nugget}</span>
                    ) : (
                      <AddNuggetButton studyId={studyId} question={m.question} text={m.text} />
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

function QualityRows({
  who,
  reviews,
  micro,
  macro,
  testId,
}: {
  who: string;
  reviews: number;
  micro: Quality;
  macro: Quality;
  testId: string;
}) {
  return (
    <>
      {(
        [
          ["micro", micro],
          ["macro", macro],
        ] as const
      ).map(([kind, q]) => (
        <tr
          key={kind}
          className={kind === "micro" ? "border-t border-stone-200" : ""}
          data-testid={`${testId}-${kind}`}
        >
          <td className="py-1 pr-4">{kind === "micro" ? who : ""}</td>
          <td className="py-1 pr-4 text-stone-600">{kind}</td>
          <td className={num}>{kind === "micro" ? reviews : ""}</td>
          <td className={num}>{kind === "micro" ? q.nuggets : ""}</td>
          <td className={num} title={q.precision.reason}>
            {fixed(q.precision.value)}
          </td>
          <td className={num} title={q.recall.reason}>
            {fixed(q.recall.value)}
          </td>
          <td className={num} title={q.groundedness.reason}>
            {fixed(q.groundedness.value)}
          </td>
        </tr>
      ))}
    </>
  );
}
