import { describe, expect, it } from "vitest";
import { buildQuestionList, QUESTION_PAGE_SIZE } from "./build-question-list";

const question = (id: number, tags: string[] = []) => ({
  id,
  externalId: `q${id}`,
  title: "",
  body: `Question ${id}?`,
  metadata: JSON.stringify({ tags }),
});
const inputs = {
  study: { id: 1, name: "S" },
  questions: [question(10, ["python"]), question(2, ["python", "js"]), question(3)],
  nuggets: new Map([[10, 4]]),
  pooled: new Map([
    [10, 6],
    [2, 6],
  ]),
  judged: new Map([[3, { llmPositive: 2, humanJudged: 1, disagreements: 1 }]]),
  query: { tag: "", sort: "id" as const, dir: "asc" as const, page: 1 },
};

describe("buildQuestionList", () => {
  it("lists every question with its counts, in natural id order, and all tags", () => {
    const list = buildQuestionList(inputs);
    expect(list.rows.map((r) => [r.externalId, r.nuggets, r.pooled, r.disagreements])).toEqual([
      ["q2", 0, 6, 0],
      ["q3", 0, 0, 1],
      ["q10", 4, 6, 0],
    ]);
    expect(list.rows[0]!.title).toBe("Question 2?");
    expect(list.tags).toEqual(["js", "python"]);
  });

  it("sorts by a count, ties by id, and filters by tag", () => {
    const byPool = buildQuestionList({ ...inputs, query: { ...inputs.query, sort: "pooled", dir: "desc" } });
    expect(byPool.rows.map((r) => r.externalId)).toEqual(["q2", "q10", "q3"]);
    const python = buildQuestionList({ ...inputs, query: { ...inputs.query, tag: "python" } });
    expect([python.total, python.rows.map((r) => r.externalId)]).toEqual([2, ["q2", "q10"]]);
  });

  it("cuts pages of 50", () => {
    const many = { ...inputs, questions: Array.from({ length: 51 }, (_, i) => question(i + 1)) };
    const second = buildQuestionList({ ...many, query: { ...inputs.query, page: 2 } });
    expect([second.total, second.pageSize, second.rows.map((r) => r.externalId)]).toEqual([
      51,
      QUESTION_PAGE_SIZE,
      ["q51"],
    ]);
  });
});
