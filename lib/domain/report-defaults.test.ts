import { describe, expect, it } from "vitest";
import {
  choseNothing,
  defaultCampaign,
  defaultCorrection,
  defaultPair,
  defaultPreferenceSource,
  humanReference,
  type DefaultsStudy,
} from "./report-defaults";

const campaign = (
  id: number,
  over: Partial<DefaultsStudy["campaigns"][number]> = {},
): DefaultsStudy["campaigns"][number] => ({
  id,
  name: `C${id}`,
  taskType: "support",
  labelled: 10,
  uniform: null,
  ...over,
});

const gpt = { name: "gpt-4o", kind: "model" as const, annotator: false };
const solar = { name: "solar-11b", kind: "model" as const, annotator: false };
const eve = { name: "eve@x", kind: "human" as const, annotator: true };
const assessors = { name: "assessors", kind: "human" as const, annotator: false };

// the demo's shape: two LLMs, the experts' own labels, campaigns of several kinds
const demo: DefaultsStudy = {
  judges: [gpt, solar, eve],
  campaigns: [
    campaign(1, { labelled: 0 }), // created, nobody labelled yet
    campaign(2, { labelled: 120 }), // the LLM's positives
    campaign(3, { labelled: 60, uniform: "pairs" }), // a uniform random sample
    campaign(4, { taskType: "nugget_quality", labelled: 500 }),
    campaign(5, { taskType: "preference", labelled: 8 }),
  ],
};

describe("report defaults", () => {
  it("takes an imported human judge as the reference for agreement and leaderboards, a uniform sample for estimates", () => {
    const study = { ...demo, judges: [...demo.judges, assessors] };
    expect(humanReference(study, "agreement")?.name).toBe("assessors");
    expect(humanReference(study, "leaderboard")?.name).toBe("assessors");
    expect(humanReference(study, "estimates")?.name).toBe("campaign:3");
    expect(defaultPair(study, "leaderboard")?.choice).toEqual({ a: "gpt-4o", b: "assessors" });
  });

  it("without imported judges: the uniform sample for agreement and estimates, the corrected LLM for a leaderboard", () => {
    expect(humanReference(demo, "agreement")?.name).toBe("campaign:3");
    expect(humanReference(demo, "leaderboard")?.name).toBe("corrected:gpt-4o");
    expect(defaultPair(demo, "agreement")?.choice).toEqual({ a: "gpt-4o", b: "campaign:3" });
    expect(defaultCorrection(demo)?.choice).toEqual({ llm: "gpt-4o", human: "campaign:3" });
    expect(defaultCorrection(demo)?.why).toMatch(/uniform random sample of pairs/);
  });

  it("prefers a sample of pairs for estimates and names what a uniform sample drew", () => {
    // the whole-questions sample is the most labelled: agreement takes it, estimates take the pairs
    const questions = campaign(6, { labelled: 90, uniform: "questions" });
    const study = { ...demo, campaigns: [...demo.campaigns, questions] };
    expect(humanReference(study, "agreement")).toMatchObject({
      name: "campaign:6",
      what: "the annotators of C6, a uniform random sample of questions (whole pools)",
    });
    expect(defaultCorrection(study)?.choice.human).toBe("campaign:3");
    const onlyQuestions = { ...demo, campaigns: [questions] };
    expect(defaultCorrection(onlyQuestions)?.why).toBe(
      "gpt-4o, the study's first LLM judge, corrected by the annotators of C6, a uniform random sample of questions (whole pools).",
    );
  });

  it("falls back to the most labelled campaign, then one annotator's labels", () => {
    const study = { ...demo, campaigns: demo.campaigns.filter((c) => c.uniform === null) };
    expect(humanReference(study, "estimates")).toMatchObject({
      name: "campaign:2",
      what: expect.stringMatching(/most labelled campaign/),
    });
    expect(humanReference({ ...study, campaigns: [] }, "agreement")?.name).toBe("eve@x");
  });

  it("never picks a campaign nobody labelled, nor one whose labels are not on pairs", () => {
    const study = {
      judges: [gpt, solar],
      campaigns: [campaign(1, { labelled: 0 }), campaign(4, { taskType: "nugget_quality" as const })],
    };
    expect(humanReference(study, "agreement")).toBeNull();
    expect(humanReference(study, "leaderboard")).toBeNull(); // no human labels: nothing to correct with
    expect(defaultCorrection(study)).toBeNull();
    // without human labels, two LLMs; with one LLM only, nothing
    expect(defaultPair(study, "agreement")?.choice).toEqual({ a: "gpt-4o", b: "solar-11b" });
    expect(defaultPair({ ...study, judges: [gpt] }, "agreement")).toBeNull();
  });

  it("opens a campaign report on the campaign with the most labelled items, the newest on a tie", () => {
    expect(defaultCampaign([campaign(1, { labelled: 3 }), campaign(2, { labelled: 9 })], "x")?.choice.campaign).toBe(2);
    expect(defaultCampaign([campaign(1, { labelled: 3 }), campaign(2, { labelled: 3 })], "x")?.choice.campaign).toBe(2);
    expect(defaultCampaign([campaign(1, { labelled: 0 })], "x")).toBeNull();
  });

  it("opens Preferences on the preference campaign, else the first judge with preference labels", () => {
    expect(defaultPreferenceSource(demo, [])?.choice).toBe("campaign:5");
    const judges = [
      { value: "gpt-4o", label: "gpt-4o (LLM labels)", set: { kind: "judge", judge: "gpt-4o" } as const },
    ];
    expect(defaultPreferenceSource({ ...demo, campaigns: [] }, judges)?.choice).toBe("gpt-4o");
    expect(defaultPreferenceSource({ ...demo, campaigns: [] }, [])).toBeNull();
  });

  it("counts empty values as no choice", () => {
    expect(choseNothing({ a: "", b: "" }, ["a", "b"])).toBe(true);
    expect(choseNothing({ a: "gpt-4o" }, ["a", "b"])).toBe(false);
    expect(choseNothing({ group: "question" }, ["a", "b"])).toBe(true);
  });
});
