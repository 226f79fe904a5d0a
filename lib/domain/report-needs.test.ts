import { describe, expect, it } from "vitest";
import type { NeedsStudy } from "./report-needs";
import { agreementNeeds, correctedEstimatesNeeds, impactNeeds, resourcesNeeds } from "./report-needs";

const llm = { name: "llm", kind: "model" as const, annotator: false };
const nist = { name: "nist", kind: "human" as const, annotator: false };
const study = (over: Partial<NeedsStudy> = {}): NeedsStudy => ({
  judges: [llm],
  campaigns: [],
  holds: { runs: false, answers: true, federated: false },
  ...over,
});
const campaign = { id: 2, name: "Assignments", taskType: "nugget_assignment" as const, labelled: 6, uniform: null };

describe("what a report says the study lacks", () => {
  it("Impact and Agreement need two label sets, and say which one the study has", () => {
    expect(impactNeeds(study())).toEqual({
      missing: "Benchmark impact compares the runs' scores under two label sets: this study has one, llm.",
      steps: [
        { to: "campaign", what: "label with people in a campaign" },
        { to: "import", what: "import a judge's labels (qrels, assessments)" },
        { to: "judging", what: "run an LLM judge" },
      ],
    });
    expect(agreementNeeds(study({ judges: [] }))?.missing).toBe(
      "Agreement compares two label sets on the targets both labelled: this study has none yet.",
    );
    // a campaign someone labelled is a second set
    expect(impactNeeds(study({ campaigns: [campaign] }))).toBeNull();
    expect(agreementNeeds(study({ judges: [llm, nist] }))).toBeNull();
    // a campaign nobody labelled is not
    expect(agreementNeeds(study({ campaigns: [{ ...campaign, labelled: 0 }] }))).not.toBeNull();
  });

  it("Impact needs runs or answers first", () => {
    const none = impactNeeds(study({ judges: [llm, nist], holds: { runs: false, answers: false, federated: false } }));
    expect(none?.missing).toBe(
      "Benchmark impact scores the study's runs or RAG answers under two label sets: this study has neither runs nor answers yet.",
    );
    expect(none?.steps.map((s) => s.to)).toEqual(["import"]);
  });

  it("Corrected estimates needs an LLM, pair labels from it, and people's labels", () => {
    expect(correctedEstimatesNeeds(study({ judges: [nist] }), null)?.missing).toMatch(
      /this study has no LLM judge yet\.$/,
    );
    expect(correctedEstimatesNeeds(study(), null)?.missing).toMatch(/this study has no people's labels yet\.$/);
    expect(correctedEstimatesNeeds(study({ judges: [llm, nist] }), { llm: "llm", llmPairs: 0 })?.missing).toMatch(
      /: llm labelled no such pair \(its labels are on answers, preferences or nuggets\)/,
    );
    expect(correctedEstimatesNeeds(study({ judges: [llm, nist] }), { llm: "llm", llmPairs: 40 })).toBeNull();
  });

  it("Resources needs federated results", () => {
    expect(resourcesNeeds(study({ judges: [llm, nist] }))?.missing).toMatch(/this study's documents name no engine/);
    expect(
      resourcesNeeds(study({ judges: [llm, nist], holds: { runs: true, answers: false, federated: true } })),
    ).toBeNull();
  });
});
