import { describe, expect, it } from "vitest";
import { protocolSchema, showsLlmLabelUpFront } from "./protocol";

describe("protocols", () => {
  it("shows the LLM label up front only in assisted mode", () => {
    expect(protocolSchema.options.filter(showsLlmLabelUpFront)).toEqual(["assisted"]);
  });
});
