"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { SampleKind, SampleSpec } from "@/lib/domain/campaigns/sampling";
import { DEFAULT_CRITERIA, type Criterion } from "@/lib/domain/preferences/criteria";
import { BUILTIN_SCALES } from "@/lib/domain/scales";
import { TASK_TYPES, taskTypeList } from "@/lib/domain/task-types/registry";
import type { TaskType } from "@/lib/domain/task-types/task-type";
import { PROTOCOL_LABELS, type Protocol } from "@/lib/domain/campaigns/protocol";
import { campaignApi } from "@/lib/client/campaign-api";
import type { CampaignDraft, ScaleChoice } from "@/lib/schemas/campaigns";
import { Button } from "@/components/ui/button";
import { CriteriaEditor } from "./criteria-editor";
import { SamplePreviewView } from "./sample-preview";
import { Select, TextArea, TextInput } from "@/components/ui/field";
import { Alert } from "@/components/ui/alert";

type Options = {
  study: { id: number; name: string };
  annotators: { id: number; name: string; email: string }[];
  llmJudges: string[];
  answeringSystems: string[];
};

const labelText = "block text-sm font-medium";

/** Pairs chosen elsewhere (the disagreement queue) for a follow-up campaign. */
export type FollowUp = { targetKeys: string[]; taskType: TaskType };

/** A campaign the Corrected estimates page asks for: N more pairs drawn uniformly at random. */
export type RandomPairsStart = { pairs: number; taskType: TaskType };

type TaskChoice = CampaignDraft["taskType"];

/**
 * A researcher's form for a support, relevance, nugget-quality or preference campaign: preview the
 * seeded sample, then create. With `followUp`, the sample starts as the chosen pairs. Nugget-quality
 * and preference campaigns take whole questions (requests) and are blind (there is no LLM label to
 * reveal), so they have no scale, protocol or LLM judge to choose; a preference campaign chooses
 * its systems and criteria instead.
 */
export function CampaignForm({
  options,
  followUp,
  randomPairs,
}: {
  options: Options;
  followUp?: FollowUp;
  randomPairs?: RandomPairsStart;
}) {
  const router = useRouter();
  const [name, setName] = useState(
    followUp
      ? `Follow-up of ${followUp.targetKeys.length} disagreements`
      : randomPairs
        ? `Corrected estimates: ${randomPairs.pairs} random pairs`
        : "",
  );
  const [taskType, setTaskType] = useState<TaskChoice>(followUp?.taskType ?? randomPairs?.taskType ?? "support");
  const task = TASK_TYPES[taskType];
  // a pair task chooses a scale, a protocol and an LLM judge; the others take whole questions (requests), blind
  const wholeQuestions = task.unit !== "pair";
  const comparing = task.unit === "request";
  const [systems, setSystems] = useState(options.answeringSystems.slice(0, 2));
  const [criteria, setCriteria] = useState<Criterion[]>(DEFAULT_CRITERIA);
  const [chosenScaleId, setScaleId] = useState<string | null>(null); // null: the task's own default
  const scaleId = chosenScaleId ?? TASK_TYPES[taskType].defaultScaleId;
  const [customLevels, setCustomLevels] = useState("wrong, partly right, right");
  const [customFrom, setCustomFrom] = useState("partly right");
  const [protocol, setProtocol] = useState<Protocol>("blind");
  const [llmJudge, setLlmJudge] = useState(options.llmJudges[0] ?? "");
  const [overlap, setOverlap] = useState(Math.min(2, Math.max(1, options.annotators.length)));
  const [annotatorIds, setAnnotatorIds] = useState(options.annotators.map((a) => a.id));
  // LLM-based designs need an LLM judge: a study with human qrels only starts from random questions
  const [sampleKind, setSampleKind] = useState<SampleKind>(
    followUp
      ? "targets"
      : randomPairs
        ? "random_pairs"
        : options.llmJudges.length > 0
          ? "llm_positive_per_question"
          : "random_questions",
  );
  const [questions, setQuestions] = useState(10);
  const [pairs, setPairs] = useState(randomPairs?.pairs ?? 300);
  const [cap, setCap] = useState("");
  const [seed, setSeed] = useState(1);
  const [guidelines, setGuidelines] = useState("");
  const [highlightTerms, setHighlightTerms] = useState(false);

  const scale: ScaleChoice =
    scaleId === "custom"
      ? {
          kind: "custom",
          levels: customLevels
            .split(",")
            .map((l) => l.trim())
            .filter(Boolean),
          positiveFrom: customFrom.trim(),
        }
      : { kind: "builtin", id: scaleId as keyof typeof BUILTIN_SCALES };
  const capValue = cap.trim() === "" ? undefined : Number(cap);
  const sample: SampleSpec =
    sampleKind === "all_pairs"
      ? { kind: "all_pairs", cap: capValue }
      : sampleKind === "random_pairs"
        ? { kind: "random_pairs", pairs }
        : sampleKind === "random_questions"
          ? { kind: "random_questions", questions, cap: capValue }
          : sampleKind === "feb4rag"
            ? { kind: "feb4rag", judge: llmJudge, cap: capValue }
            : sampleKind === "targets"
              ? { kind: "targets", targetKeys: followUp?.targetKeys ?? [] }
              : { kind: "llm_positive_per_question", questions, judge: llmJudge, cap: capValue };
  const draft: CampaignDraft = wholeQuestions
    ? {
        name,
        taskType,
        scale: { kind: "builtin", id: "binary" },
        guidelines,
        protocol: "blind",
        llmJudge: null,
        overlap,
        annotatorIds,
        sample,
        seed,
        ...(comparing ? { systems, criteria } : {}),
      }
    : {
        name,
        taskType,
        scale,
        guidelines,
        protocol,
        llmJudge: llmJudge || null, // a blind campaign keeps it too: its report compares each annotator with it
        highlightTerms,
        overlap,
        annotatorIds,
        sample,
        seed,
      };
  const chooseTask = (next: TaskChoice) => {
    setTaskType(next);
    if (!(sampleKind in TASK_TYPES[next].sampleLabels)) setSampleKind("random_questions");
  };
  const sampleKinds = Object.entries(task.sampleLabels).filter(([value]) => value !== "targets" || followUp);
  const [previewed, setPreviewed] = useState<string | null>(null);
  const current = JSON.stringify(draft);

  const preview = useMutation({
    mutationFn: () => campaignApi.preview(options.study.id, draft),
    onSuccess: () => setPreviewed(current),
  });
  const create = useMutation({
    mutationFn: () => campaignApi.create(options.study.id, draft),
    onSuccess: (created) => router.push(`/studies/${options.study.id}/campaigns/${created.id}`),
  });
  const pending = preview.isPending || create.isPending;
  const error = create.error ?? preview.error;

  return (
    <form
      className="grid max-w-5xl gap-8 lg:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        preview.mutate();
      }}
    >
      <fieldset disabled={pending} className="space-y-4">
        <label className={labelText}>
          Name
          <TextInput className="mt-1" compact value={name} onChange={(e) => setName(e.target.value)} required />
        </label>
        <label className={labelText}>
          Task
          <Select className="mt-1" compact value={taskType} onChange={(e) => chooseTask(e.target.value as TaskChoice)}>
            {/* a follow-up's items are the chosen pairs: only pair tasks label them */}
            {taskTypeList()
              .filter((t) => !followUp || t.unit === "pair")
              .map((t) => (
                <option key={t.id} value={t.id}>
                  {t.menu}
                </option>
              ))}
          </Select>
        </label>
        {comparing && (
          <>
            <fieldset>
              <legend className={labelText}>
                Systems (two, or more for every pair among them; their names are never shown to annotators)
              </legend>
              {options.answeringSystems.length < 2 && (
                <p className="text-sm text-stone-500">
                  This study needs answers from two systems: import pairwise responses first.
                </p>
              )}
              {options.answeringSystems.map((system) => (
                <label key={system} className="mt-1 flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={systems.includes(system)}
                    onChange={(e) =>
                      setSystems(e.target.checked ? [...systems, system] : systems.filter((s) => s !== system))
                    }
                  />
                  <span className="font-mono text-xs">{system}</span>
                </label>
              ))}
            </fieldset>
            <CriteriaEditor criteria={criteria} onChange={setCriteria} />
          </>
        )}
        {!wholeQuestions && (
          <>
            <label className={labelText}>
              Scale
              <Select className="mt-1" compact value={scaleId} onChange={(e) => setScaleId(e.target.value)}>
                {Object.values(BUILTIN_SCALES).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
                <option value="custom">Custom ordered levels…</option>
              </Select>
            </label>
            {scaleId === "custom" && (
              <div className="grid grid-cols-2 gap-3">
                <label className={labelText}>
                  Levels, lowest first
                  <TextInput
                    className="mt-1"
                    compact
                    value={customLevels}
                    onChange={(e) => setCustomLevels(e.target.value)}
                  />
                </label>
                <label className={labelText}>
                  Positive from level
                  <TextInput
                    className="mt-1"
                    compact
                    value={customFrom}
                    onChange={(e) => setCustomFrom(e.target.value)}
                  />
                </label>
              </div>
            )}
            <label className={labelText}>
              Protocol
              <Select
                className="mt-1"
                compact
                value={protocol}
                onChange={(e) => setProtocol(e.target.value as Protocol)}
              >
                {Object.entries(PROTOCOL_LABELS).map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </Select>
            </label>
            <label className={labelText}>
              LLM judge (the report compares each annotator with it; annotators see its labels after their blind label,
              or from the start when assisted, never in a blind campaign; used by LLM-based sampling)
              <Select className="mt-1" compact value={llmJudge} onChange={(e) => setLlmJudge(e.target.value)}>
                {options.llmJudges.map((j) => (
                  <option key={j} value={j}>
                    {j}
                  </option>
                ))}
              </Select>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                checked={highlightTerms}
                onChange={(e) => setHighlightTerms(e.target.checked)}
              />
              <span>
                Mark the question&apos;s terms in prose passages, as TREC assessors&apos; tools do (recorded with the
                campaign)
              </span>
            </label>
          </>
        )}
        <label className={labelText}>
          Guidelines (Markdown)
          <TextArea
            className="mt-1"
            compact
            rows={4}
            value={guidelines}
            onChange={(e) => setGuidelines(e.target.value)}
          />
        </label>
      </fieldset>
      <fieldset disabled={pending} className="space-y-4">
        <label className={labelText}>
          Sample
          <Select
            className="mt-1"
            compact
            value={sampleKind}
            onChange={(e) => setSampleKind(e.target.value as SampleKind)}
          >
            {sampleKinds.map(([value, text]) => (
              <option key={value} value={value}>
                {value === "targets"
                  ? `The ${followUp!.targetKeys.length} chosen pairs (from the disagreement queue)`
                  : text}
              </option>
            ))}
          </Select>
        </label>
        <div className="grid grid-cols-3 gap-3">
          {(sampleKind === "random_questions" || sampleKind === "llm_positive_per_question") && (
            <label className={labelText}>
              Questions (N)
              <TextInput
                type="number"
                min={1}
                className="mt-1"
                compact
                value={questions}
                onChange={(e) => setQuestions(Number(e.target.value))}
              />
            </label>
          )}
          {sampleKind === "random_pairs" && (
            <label className={labelText}>
              Pairs (N)
              <TextInput
                type="number"
                min={1}
                className="mt-1"
                compact
                value={pairs}
                onChange={(e) => setPairs(Number(e.target.value))}
              />
            </label>
          )}
          {sampleKind !== "targets" && sampleKind !== "random_pairs" && (
            <label className={labelText}>
              Cap (items)
              <TextInput
                type="number"
                min={1}
                className="mt-1"
                compact
                value={cap}
                placeholder="none"
                onChange={(e) => setCap(e.target.value)}
              />
            </label>
          )}
          <label className={labelText}>
            Seed
            <TextInput
              type="number"
              min={0}
              className="mt-1"
              compact
              value={seed}
              onChange={(e) => setSeed(Number(e.target.value))}
            />
          </label>
        </div>
        <label className={labelText}>
          Annotators per item (overlap)
          <TextInput
            type="number"
            min={1}
            max={10}
            className="mt-1"
            compact
            value={overlap}
            onChange={(e) => setOverlap(Number(e.target.value))}
          />
        </label>
        <fieldset>
          <legend className={labelText}>Annotators</legend>
          {options.annotators.length === 0 && (
            <p className="text-sm text-stone-500">
              This study has no annotator members yet: add them on the{" "}
              <Link href={`/studies/${options.study.id}/members`} className="text-sky-700 underline">
                Members
              </Link>{" "}
              page.
            </p>
          )}
          {options.annotators.map((a) => (
            <label key={a.id} className="mt-1 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={annotatorIds.includes(a.id)}
                onChange={(e) =>
                  setAnnotatorIds(e.target.checked ? [...annotatorIds, a.id] : annotatorIds.filter((id) => id !== a.id))
                }
              />
              {a.name} <span className="text-stone-500">{a.email}</span>
            </label>
          ))}
        </fieldset>
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            {preview.isPending ? "Drawing…" : "Preview sample"}
          </Button>
          <Button
            type="button"
            disabled={!preview.data || previewed !== current || pending}
            onClick={() => create.mutate()}
          >
            {create.isPending ? "Creating…" : "Create and start"}
          </Button>
        </div>
        {error && (
          <Alert label="Campaign error" inline>
            {error.message}
          </Alert>
        )}
        {preview.data && !preview.isPending && previewed === current && <SamplePreviewView preview={preview.data} />}
        {preview.data && previewed !== current && (
          <p className="text-sm text-stone-500">The form changed since the preview: preview again before creating.</p>
        )}
      </fieldset>
    </form>
  );
}
