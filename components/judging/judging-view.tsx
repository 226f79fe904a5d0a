"use client";

import type { JudgingPage } from "@/lib/schemas/judging";
import { PageHeader } from "@/components/ui/page-header";
import { CalibrationView } from "./calibration-view";
import { RunForm } from "./run-form";
import { RunTable } from "./run-table";
import { TemplateList } from "./template-list";

/** A study's LLM judges: start a run of a template through an endpoint, watch the runs, and write templates. */
export function JudgingView({
  studyId,
  templates,
  endpoints,
  campaigns,
  answeringSystems,
  nuggetSets,
  humanSets,
  passageSets,
  runs,
  targets,
}: { studyId: number; targets: string[] } & JudgingPage) {
  return (
    <>
      <PageHeader
        title="LLM judges"
        description="Run a judge prompt over the study's pooled pairs, or its RAG answers, through a registered endpoint, or have an LLM write and grade each question's nuggets as nuggetizer does. Each run's labels are a model judge that every report, export and label set can use (a nuggetizer run's nuggets, a nugget set); a rerun with the same template, model, inputs and settings is answered from the cache."
      />
      <section aria-label="Judge runs" className="mt-6">
        <RunForm
          studyId={studyId}
          templates={templates}
          endpoints={endpoints}
          campaigns={campaigns}
          answeringSystems={answeringSystems}
          nuggetSets={nuggetSets}
          passageSets={passageSets}
          targets={targets}
        />
        <RunTable studyId={studyId} runs={runs} />
      </section>
      <section aria-label="Calibration" className="mt-10">
        <h2 className="text-lg font-semibold">Calibration against people</h2>
        <p className="mt-1 text-sm text-stone-600">
          Every judge the runs wrote (one per template version, model and settings) against the people&apos;s labels:
          agreement, leniency (the judge&apos;s positive rate minus the people&apos;s), cost, and the targets where they
          differ, with the judge&apos;s reply.
        </p>
        <CalibrationView studyId={studyId} humanSets={humanSets} />
      </section>
      <section aria-label="Judge templates" className="mt-10">
        <h2 className="text-lg font-semibold">Templates</h2>
        <p className="mt-1 text-sm text-stone-600">
          A template is a prompt with named fields and a rule that reads the reply into a level. Saving a change makes a
          new version (its SHA-256); runs keep the version they used. Templates saved here belong to this study: no
          other study sees them.
        </p>
        <TemplateList studyId={studyId} templates={templates} />
      </section>
    </>
  );
}
