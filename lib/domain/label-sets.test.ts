import { describe, expect, it } from "vitest";
import { ensembleMembers, ensembleName, labelSetOptions, labelSetTitle, llmJudgeNames } from "./label-sets";

const study = {
  judges: [
    { name: "gpt-4o", kind: "model" as const },
    { name: "solar", kind: "model" as const },
    { name: "assessors", kind: "human" as const },
  ],
  campaigns: [
    { id: 2, name: "Relevance check", taskType: "relevance" as const },
    { id: 3, name: "Review", taskType: "nugget_quality" as const },
  ],
};

describe("label sets", () => {
  it("offers judges, fusions, corrections and the campaigns that label pairs", () => {
    expect(labelSetOptions(study).map((o) => o.value)).toEqual([
      "gpt-4o",
      "solar",
      "assessors",
      "fused:gpt-4o+solar",
      "corrected:gpt-4o",
      "corrected:solar",
      "campaign:2",
    ]);
  });

  it.each([
    ["campaign:2", "Annotators of Relevance check (majority)"],
    ["campaign:99", "campaign:99"],
    ["corrected:gpt-4o", "gpt-4o corrected by humans"],
    ["fused:gpt-4o+solar", "gpt-4o + solar fused"],
    ["assessors", "assessors"],
    ["ensemble:gpt-4o+solar+assessors", "Ensemble of gpt-4o + solar + assessors"],
  ])("%s is called %j", (name, title) => expect(labelSetTitle(name, study)).toBe(title));

  it("names a campaign's labels by how the report reads them: the majority, or (Corrected estimates) the mean", () => {
    expect(labelSetTitle("campaign:2", study, "mean")).toBe("Annotators of Relevance check (mean over annotators)");
    expect(labelSetTitle("campaign:2", study, "majority")).toBe("Annotators of Relevance check (majority)");
  });

  it("names an ensemble by its members and reads them back; only LLM judges are offered as members", () => {
    expect(ensembleName(["a@1 · m", "b@2 · m"])).toBe("ensemble:a@1 · m+b@2 · m");
    expect(ensembleMembers("ensemble:a@1 · m+b@2 · m")).toEqual(["a@1 · m", "b@2 · m"]);
    expect(ensembleMembers("fused:a+b")).toBeNull();
    expect(ensembleMembers("ensembles")).toBeNull();
    expect(llmJudgeNames(study)).toEqual(["gpt-4o", "solar"]);
  });
});
