import { describe, expect, it } from "vitest";
import { campaignDraft, initialCampaignFields, scaleIdOf, withTask, type CampaignFormOptions } from "./campaign-fields";

const options: CampaignFormOptions = {
  study: { id: 7, name: "Study" },
  annotators: [
    { id: 1, name: "Ann", email: "ann@example.org" },
    { id: 2, name: "Bo", email: "bo@example.org" },
    { id: 3, name: "Cy", email: "cy@example.org" },
  ],
  llmJudges: ["gpt-4o"],
  answeringSystems: ["sys-a", "sys-b", "sys-c"],
  referenceSets: [{ value: "nist", label: "nist" }],
  nuggetSets: ["main", "nist"],
};

describe("the campaign form's fields", () => {
  it("start from the study: every annotator, overlap 2, the first judge and LLM-based sampling", () => {
    const fields = initialCampaignFields(options);
    expect(fields.annotatorIds).toEqual([1, 2, 3]);
    expect(fields.overlap).toBe(2);
    expect(fields.llmJudge).toBe("gpt-4o");
    expect(fields.sampleKind).toBe("llm_positive_per_question");
    expect(fields.systems).toEqual(["sys-a", "sys-b"]);
  });

  it("start from random questions when the study has no LLM judge, and overlap 1 with one annotator", () => {
    const fields = initialCampaignFields({ ...options, llmJudges: [], annotators: options.annotators.slice(0, 1) });
    expect(fields.sampleKind).toBe("random_questions");
    expect(fields.overlap).toBe(1);
    expect(campaignDraft(fields).llmJudge).toBeNull();
  });

  it("name a follow-up and a random-pairs start and draw their own samples", () => {
    const followUp = { targetKeys: ["1:2", "1:3"], taskType: "relevance" as const };
    const follow = initialCampaignFields(options, followUp);
    expect(follow.name).toBe("Follow-up of 2 disagreements");
    expect(campaignDraft(follow, followUp).sample).toEqual({ kind: "targets", targetKeys: ["1:2", "1:3"] });
    const random = initialCampaignFields(options, undefined, { pairs: 120, taskType: "support" });
    expect(random.name).toBe("Corrected estimates: 120 random pairs");
    expect(campaignDraft(random).sample).toEqual({ kind: "random_pairs", pairs: 120 });
  });

  it("give a pair task its default scale until one is chosen, and parse custom levels", () => {
    const relevance = withTask(initialCampaignFields(options), "relevance");
    expect(scaleIdOf(relevance)).toBe("relevance-3");
    expect(campaignDraft(relevance).scale).toEqual({ kind: "builtin", id: "relevance-3" });
    const custom = { ...relevance, chosenScaleId: "custom", customLevels: " no , some,, all ", customFrom: " some " };
    expect(campaignDraft(custom).scale).toEqual({
      kind: "custom",
      levels: ["no", "some", "all"],
      positiveFrom: "some",
    });
  });

  it("ask a pair task for gold items only once a reference is chosen, as K items or a share", () => {
    const fields = initialCampaignFields(options);
    expect(campaignDraft(fields).gold).toBeUndefined();
    expect(campaignDraft({ ...fields, goldSet: "nist" }).gold).toEqual({ labelSet: "nist", share: 0.1 });
    expect(campaignDraft({ ...fields, goldSet: "nist", goldBy: "count", goldCount: 4 }).gold).toEqual({
      labelSet: "nist",
      count: 4,
    });
    expect(campaignDraft({ ...fields, taskType: "nugget_quality", goldSet: "nist" }).gold).toBeUndefined();
  });

  it("keep the cap empty as none and a typed cap as a number", () => {
    const fields = { ...initialCampaignFields(options), sampleKind: "all_pairs" as const };
    expect(campaignDraft(fields).sample).toEqual({ kind: "all_pairs", cap: undefined });
    expect(campaignDraft({ ...fields, cap: "40" }).sample).toEqual({ kind: "all_pairs", cap: 40 });
  });

  it("make whole-question tasks blind and binary, and a preference carry its systems and criteria", () => {
    const fields = { ...initialCampaignFields(options), protocol: "assisted" as const, highlightTerms: true };
    const nuggets = campaignDraft(withTask(fields, "nugget_quality"));
    expect(nuggets).toMatchObject({ protocol: "blind", llmJudge: null, scale: { kind: "builtin", id: "binary" } });
    expect(nuggets).not.toHaveProperty("systems");
    expect(nuggets).not.toHaveProperty("highlightTerms");
    const preference = campaignDraft(withTask(fields, "preference"));
    expect(preference).toMatchObject({ protocol: "blind", systems: ["sys-a", "sys-b"] });
    expect(preference).toHaveProperty("criteria");
    expect(campaignDraft(fields)).toMatchObject({ protocol: "assisted", llmJudge: "gpt-4o", highlightTerms: true });
  });

  it("give a nugget assignment its protocol and LLM judge on the track's scale, and N random answers", () => {
    const fields = { ...initialCampaignFields(options), protocol: "blind_then_reveal" as const, highlightTerms: true };
    const assignment = withTask(fields, "nugget_assignment");
    expect(campaignDraft(assignment)).toMatchObject({
      protocol: "blind_then_reveal",
      llmJudge: "gpt-4o",
      scale: { kind: "builtin", id: "nugget-assignment" },
    });
    expect(campaignDraft(assignment)).not.toHaveProperty("highlightTerms");
    expect(campaignDraft({ ...assignment, sampleKind: "random_pairs", pairs: 25 }).sample).toEqual({
      kind: "random_pairs",
      pairs: 25,
    });
  });

  it("name a nugget set other than the first for the tasks that show nuggets, and none for the others", () => {
    const fields = { ...initialCampaignFields(options), nuggetSet: "nist" };
    expect(campaignDraft({ ...fields, taskType: "nugget_assignment" }).nuggetSet).toBe("nist");
    expect(campaignDraft({ ...fields, taskType: "nugget_quality" }).nuggetSet).toBe("nist");
    expect(campaignDraft({ ...fields, taskType: "support" }).nuggetSet).toBe("nist");
    expect(campaignDraft({ ...fields, taskType: "relevance" })).not.toHaveProperty("nuggetSet");
    expect(campaignDraft(initialCampaignFields(options))).not.toHaveProperty("nuggetSet");
  });

  it("fall back to random questions when the new task does not offer the chosen sample design", () => {
    const fields = { ...initialCampaignFields(options), sampleKind: "feb4rag" as const };
    expect(withTask(fields, "relevance").sampleKind).toBe("feb4rag");
    expect(withTask(fields, "preference").sampleKind).toBe("random_questions");
  });
});
