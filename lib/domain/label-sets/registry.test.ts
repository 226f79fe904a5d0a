import { describe, expect, it } from "vitest";
import { llmJudgeNames } from "./judge-set";
import type { LabelSetName } from "./label-set";
import {
  formatLabelSet,
  isDerivedLabelSet,
  labelSetOptions,
  labelSetTitle,
  modelLabelSetOptions,
  parseLabelSet,
  peopleLabelSetOptions,
} from "./registry";

const study = {
  judges: [
    { name: "gpt-4o", kind: "model" as const },
    { name: "solar", kind: "model" as const },
    { name: "assessors", kind: "human" as const },
  ],
  campaigns: [
    { id: 2, name: "Relevance check", taskType: "relevance" as const, overlap: 2 },
    { id: 3, name: "Review", taskType: "nugget_quality" as const, overlap: 2 },
    { id: 4, name: "Single pass", taskType: "support" as const, overlap: 1 },
  ],
};

describe("label-set kinds", () => {
  // one round trip per kind: a name parses into its parts and is written back as it was
  it.each<[string, LabelSetName]>([
    ["gpt-4o", { kind: "judge", judge: "gpt-4o" }],
    ["umbrela@1a2b3c4d · gpt-4o via lab", { kind: "judge", judge: "umbrela@1a2b3c4d · gpt-4o via lab" }],
    ["fused:gpt-4o+solar", { kind: "fused", judges: ["gpt-4o", "solar"] }],
    ["ensemble:a@1 · m+b@2 · m+c", { kind: "ensemble", judges: ["a@1 · m", "b@2 · m", "c"] }],
    ["corrected:gpt-4o", { kind: "corrected", judge: "gpt-4o" }],
    ["campaign:12", { kind: "campaign", campaignId: 12 }],
    ["adjudicated:12", { kind: "adjudicated", campaignId: 12 }],
    ["dawid-skene:12", { kind: "dawid-skene", campaignId: 12 }],
  ])("%s is a %o and is written back", (name, set) => {
    expect(parseLabelSet(name)).toEqual(set);
    expect(formatLabelSet(set)).toBe(name);
  });

  it.each([
    ["fused:a", 'a fused label set is named "fused:<judge>+<judge>", not "fused:a"'],
    ["fused:a+b+c", 'a fused label set is named "fused:<judge>+<judge>", not "fused:a+b+c"'],
    ["ensemble:a", 'an ensemble label set is named "ensemble:<judge>+<judge>+...", not "ensemble:a"'],
    ["ensemble:a++b", 'an ensemble label set is named "ensemble:<judge>+<judge>+...", not "ensemble:a++b"'],
    ["campaign:x", 'a campaign label set is named "campaign:<id>", not "campaign:x"'],
    ["campaign:0", 'a campaign label set is named "campaign:<id>", not "campaign:0"'],
    ["adjudicated:", 'an adjudicated label set is named "adjudicated:<id>", not "adjudicated:"'],
    ["dawid-skene:x", 'a dawid-skene label set is named "dawid-skene:<id>", not "dawid-skene:x"'],
    ["corrected:", 'a corrected label set is named "corrected:<judge>", not "corrected:"'],
    ["", 'a judge label set is named "<judge>", not ""'],
  ])("refuses %j, saying what a name of its kind is", (name, error) => expect(parseLabelSet(name)).toEqual({ error }));

  it("knows which sets are built from others, and whose labels they are", () => {
    const named = (name: string) => parseLabelSet(name) as LabelSetName;
    expect(
      ["fused:a+b", "corrected:a", "campaign:3", "adjudicated:3", "ensemble:a+b+c", "gpt-4o"].map((name) =>
        isDerivedLabelSet(named(name)),
      ),
    ).toEqual([true, true, true, true, true, false]);
    expect(named("campaign:3").kind).toBe("campaign");
    expect(named("campaigns")).toEqual({ kind: "judge", judge: "campaigns" });
  });

  it("offers judges, fusions, corrections, the campaigns that label on a scale and the adjudicated sets of those with overlap 2 or more", () => {
    expect(labelSetOptions(study).map((o) => o.value)).toEqual([
      "gpt-4o",
      "solar",
      "assessors",
      "fused:gpt-4o+solar",
      "corrected:gpt-4o",
      "corrected:solar",
      "campaign:2",
      "campaign:4",
      "adjudicated:2",
      "dawid-skene:2",
    ]);
    expect(modelLabelSetOptions(study).map((o) => o.value)).not.toContain("campaign:2");
    expect(modelLabelSetOptions(study).map((o) => o.value)).not.toContain("adjudicated:2");
    expect(peopleLabelSetOptions(study, "mean").map(({ value, label }) => ({ value, label }))).toEqual([
      { value: "campaign:2", label: "Annotators of Relevance check (mean over annotators)" },
      { value: "campaign:4", label: "Annotators of Single pass (mean over annotators)" },
      { value: "adjudicated:2", label: "Adjudicated labels of Relevance check" },
      { value: "dawid-skene:2", label: "Dawid-Skene labels of Relevance check" },
      { value: "assessors", label: "assessors (human)" },
    ]);
    expect(llmJudgeNames(study)).toEqual(["gpt-4o", "solar"]);
  });

  it.each([
    ["campaign:2", "Annotators of Relevance check (majority)"],
    ["campaign:99", "campaign:99"],
    ["adjudicated:2", "Adjudicated labels of Relevance check"],
    ["adjudicated:99", "adjudicated:99"],
    ["dawid-skene:2", "Dawid-Skene labels of Relevance check"],
    ["corrected:gpt-4o", "gpt-4o corrected by humans"],
    ["fused:gpt-4o+solar", "gpt-4o + solar fused"],
    ["assessors", "assessors"],
    ["ensemble:gpt-4o+solar+assessors", "Ensemble of gpt-4o + solar + assessors"],
  ])("%s is called %j", (name, title) => expect(labelSetTitle(parseLabelSet(name) as LabelSetName, study)).toBe(title));

  it("names a campaign's labels by how the report reads them: the majority, or (Corrected estimates) the mean", () => {
    const campaign = { kind: "campaign", campaignId: 2 } as const;
    expect(labelSetTitle(campaign, study, "mean")).toBe("Annotators of Relevance check (mean over annotators)");
    expect(labelSetTitle(campaign, study, "majority")).toBe("Annotators of Relevance check (majority)");
  });
});
