import Link from "next/link";
import type { AltTestReport } from "@/lib/domain/alt-test/build-alt-test-report";
import { EPSILON_PRESETS } from "@/lib/domain/alt-test/build-alt-test-report";
import { ChoiceField } from "@/components/reports/choice-field";
import { ReportControls } from "@/components/reports/report-controls";
import { Field, TextInput } from "@/components/ui/field";
import { ReportPage } from "@/components/ui/report-page";
import { count } from "@/components/ui/wording";
import { AltTestReportView } from "./alt-test-report";

type CampaignChoice = { id: number; name: string; items: number; overlap: number };
/** What the form shows: the choices made, as given (an empty field is the default). */
export type AltTestChoices = Partial<
  Record<"epsilon" | "scoring" | "q" | "minHumansPerItem" | "minItemsPerHuman", string>
>;

/** The Alternative Annotator Test page: which campaign and settings, an error if the choice failed, and the report. */
export function AltTestView({
  study,
  campaigns,
  chosen,
  choices,
  report,
  chosenFor,
  error,
}: {
  study: { id: number; name: string };
  campaigns: CampaignChoice[];
  chosen: number | null;
  choices: AltTestChoices;
  report: AltTestReport | null;
  chosenFor: string | null;
  error: string | null;
}) {
  return (
    <ReportPage
      title="Alternative Annotator Test"
      description={
        <>
          May an LLM&apos;s labels replace the annotators&apos;? Calderon, Reichart and Dror&apos;s test (ACL 2025)
          leaves out one annotator at a time and asks, item by item, whether the LLM or that annotator is closer to the
          others; the LLM wins against an annotator when it is better, or worse by no more than ε, with statistical
          significance, and passes when it wins against at least half of them. ρ compares LLMs.
        </>
      }
      controls={
        campaigns.length === 0 ? (
          <p className="mt-4 text-sm text-stone-600">
            The test needs a campaign with two or more annotators per item (relevance, support, citation support, nugget
            assignment or preference):{" "}
            <Link className="text-sky-700 hover:underline" href={`/studies/${study.id}/campaigns/new`}>
              create one
            </Link>
            .
          </p>
        ) : (
          <AltTestControls campaigns={campaigns} chosen={chosen} choices={choices} options={report?.options} />
        )
      }
      chosenFor={chosenFor}
      error={error}
    >
      {report && <AltTestReportView studyId={study.id} report={report} />}
    </ReportPage>
  );
}

/** The test's settings as a GET form: the campaign, ε with the paper's presets, the scoring and the minimums. */
function AltTestControls({
  campaigns,
  chosen,
  choices,
  options: o,
}: {
  campaigns: CampaignChoice[];
  chosen: number | null;
  choices: AltTestChoices;
  options: AltTestReport["options"] | undefined;
}) {
  const shown = (name: keyof AltTestChoices, fallback: string | number | undefined) =>
    choices[name] ?? (fallback === undefined ? "" : String(fallback));
  return (
    <ReportControls label="Test settings" submit="Run the test" columns="sm:grid-cols-3">
      <ChoiceField
        label="Campaign"
        name="campaign"
        className="sm:col-span-3"
        choices={campaigns.map((c) => ({
          value: c.id,
          label: `${c.name} (${count(c.items, "item")}, ${c.overlap} annotators each)`,
        }))}
        defaultValue={chosen}
        required
      />
      <Field label="ε (cost-benefit margin)" hint={EPSILON_PRESETS.map((p) => `${p.epsilon} ${p.who}`).join(" · ")}>
        <TextInput
          name="epsilon"
          inputMode="decimal"
          defaultValue={shown("epsilon", o?.epsilon ?? 0.2)}
          list="epsilon-presets"
        />
        <datalist id="epsilon-presets">
          {EPSILON_PRESETS.map((p) => (
            <option key={p.epsilon} value={p.epsilon}>
              {p.who}
            </option>
          ))}
        </datalist>
      </Field>
      <ChoiceField
        label="Scoring"
        name="scoring"
        choices={[
          { value: "accuracy", label: "Accuracy (labels equal)" },
          { value: "neg-rmse", label: "Negative RMSE (graded levels)" },
        ]}
        empty="By the scale (accuracy on 2 levels, else RMSE)"
        defaultValue={choices.scoring ?? ""}
      />
      <Field label="Items per annotator (min.)" hint="30 in the paper; fewer for a pilot">
        <TextInput
          name="minItemsPerHuman"
          inputMode="numeric"
          defaultValue={shown("minItemsPerHuman", o?.minItemsPerHuman)}
        />
      </Field>
      <Field label="Annotators per item (min.)">
        <TextInput
          name="minHumansPerItem"
          inputMode="numeric"
          defaultValue={shown("minHumansPerItem", o?.minHumansPerItem)}
        />
      </Field>
      <Field label="False discovery rate q">
        <TextInput name="q" inputMode="decimal" defaultValue={shown("q", o?.q)} />
      </Field>
    </ReportControls>
  );
}
