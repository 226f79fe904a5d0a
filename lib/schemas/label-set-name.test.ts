import { describe, expect, it } from "vitest";
import { z } from "zod";
import { chosenLabelSets, labelSetListSchema, labelSetNameSchema, optionalLabelSetNameSchema } from "./label-set-name";

const query = z.object({ a: labelSetNameSchema("choose label set A"), b: optionalLabelSetNameSchema() });
const firstIssue = (input: unknown) => {
  const parsed = query.safeParse(input);
  return parsed.success ? null : { path: parsed.error.issues[0]!.path, message: parsed.error.issues[0]!.message };
};

describe("a label set's name at the edge", () => {
  it("is parsed once into the value loaders and titles take", () => {
    expect(query.parse({ a: " campaign:3 ", b: "fused:gpt-4o+solar" })).toEqual({
      a: { kind: "campaign", campaignId: 3 },
      b: { kind: "fused", judges: ["gpt-4o", "solar"] },
    });
    expect(query.parse({ a: "gpt-4o" })).toEqual({ a: { kind: "judge", judge: "gpt-4o" }, b: undefined });
    expect(query.parse({ a: "gpt-4o", b: "" }).b).toBeUndefined(); // a form's "none"
  });

  it("is refused, by its field, when missing or of a prefix's kind with the wrong shape after it", () => {
    expect(firstIssue({ a: "" })).toEqual({ path: ["a"], message: "choose label set A" });
    expect(firstIssue({ a: "fused:gpt-4o" })).toEqual({
      path: ["a"],
      message: 'a fused label set is named "fused:<judge>+<judge>", not "fused:gpt-4o"',
    });
    expect(firstIssue({ a: "gpt-4o", b: "campaign:03" })).toEqual({
      path: ["b"],
      message: 'a campaign label set is named "campaign:<id>", not "campaign:03"',
    });
  });

  it("reads an export's judges, comma-separated, each a name", () => {
    const list = labelSetListSchema();
    expect(list.parse("gpt-4o, nist,,")).toEqual([
      { kind: "judge", judge: "gpt-4o" },
      { kind: "judge", judge: "nist" },
    ]);
    expect(list.parse("adjudicated:2")).toEqual([{ kind: "adjudicated", campaignId: 2 }]);
    expect(list.parse(undefined)).toBeUndefined();
    expect(list.parse(" , ")).toBeUndefined();
    expect(list.safeParse("gpt-4o,ensemble:x").error?.issues[0]?.message).toBe(
      'an ensemble label set is named "ensemble:<judge>+<judge>+...", not "ensemble:x"',
    );
  });

  it("keeps, for a form whose choices did not parse as a whole, each set that is a name", () => {
    expect(chosenLabelSets({ a: "fused:x", b: "gpt-4o" }, ["a", "b"])).toEqual({
      a: null,
      b: { kind: "judge", judge: "gpt-4o" },
    });
    expect(chosenLabelSets({}, ["llm", "human"])).toEqual({ llm: null, human: null });
  });
});
