import { describe, expect, it } from "vitest";
import { disagreement, fusedLlm, humanMajority, type JudgeLabel } from "./consensus";

const llm = (judge: string, value: string, scale = "binary"): JudgeLabel => ({ judge, kind: "model", scale, value });
const human = (judge: string, value: string, scale = "relevance-3"): JudgeLabel => ({
  judge,
  kind: "human",
  scale,
  value,
});

describe("disagreement", () => {
  it("is 0 when every judge is on the same side of its scale's threshold, across scales", () => {
    expect(disagreement([llm("gpt", "1"), human("ann", "partially_relevant")])).toBe(0);
    expect(disagreement([llm("gpt", "0"), human("ann", "non_relevant")])).toBe(0);
    expect(disagreement([])).toBe(0);
  });

  it("is the spread of the levels, each scaled to 0..1, when the sides differ", () => {
    expect(disagreement([llm("gpt", "1"), human("ann", "non_relevant")])).toBe(1);
    expect(disagreement([llm("gpt", "0"), human("ann", "partially_relevant")])).toBe(0.5);
    expect(disagreement([llm("gpt", "0"), llm("solar", "1"), human("ann", "relevant")])).toBe(1);
  });

  it("ignores values that are not levels of their scale", () => {
    expect(disagreement([llm("gpt", "7"), human("ann", "relevant")])).toBe(0);
  });
});

describe("human majority and fused LLM", () => {
  it("takes the humans' most frequent value, none on a tie", () => {
    expect(
      humanMajority([human("a", "relevant"), human("b", "relevant"), human("c", "non_relevant"), llm("gpt", "0")]),
    ).toEqual({ scale: "relevance-3", value: "relevant" });
    expect(humanMajority([human("a", "relevant"), human("b", "non_relevant")])).toBeNull();
    expect(humanMajority([llm("gpt", "1")])).toBeNull();
  });

  it("fuses LLMs as FeB4RAG does: the mean's nearest level, ties to the lower", () => {
    expect(fusedLlm([llm("a", "3", "feb4rag-0-3"), llm("b", "2", "feb4rag-0-3")])).toEqual({
      scale: "feb4rag-0-3",
      value: "2",
    });
    expect(fusedLlm([llm("a", "0"), llm("b", "1")])).toEqual({ scale: "binary", value: "0" });
    expect(fusedLlm([llm("a", "1"), llm("b", "1"), llm("c", "0")])).toEqual({ scale: "binary", value: "1" });
    expect(fusedLlm([llm("a", "1")])).toBeNull();
    expect(fusedLlm([llm("a", "1"), llm("b", "relevant", "relevance-3")])).toBeNull();
  });
});
