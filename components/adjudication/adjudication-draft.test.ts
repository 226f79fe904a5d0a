import { describe, expect, it } from "vitest";
import { choose, decidedLevels, moveFocus, startDraft } from "./adjudication-draft";

const target = (key: string, queued: boolean, decided: string | null = null) => ({
  key,
  queued,
  decision: decided === null ? null : { level: decided, reason: decided === "1" ? "why" : null },
});
const answer = { item: { itemId: 4 }, targets: [target("n1", false), target("n2", true), target("n3", true, "1")] };

describe("the adjudicator's draft", () => {
  it("starts from the decisions made, its focus on the first target still to choose", () => {
    expect(startDraft(answer)).toEqual({ itemId: 4, levels: { n3: "1" }, reason: "why", focus: "n2" });
    expect(startDraft({ item: { itemId: 1 }, targets: [target("t", true)] })).toEqual({
      itemId: 1,
      levels: {},
      reason: "",
      focus: "t",
    });
  });

  it("chooses for the target in focus and moves on to the next still to choose; is ready once every queued target has a level", () => {
    const start = { ...startDraft(answer), levels: {}, focus: "n2" };
    expect(decidedLevels(start, answer)).toBeNull();
    const one = choose(start, answer, "2");
    expect(one).toMatchObject({ levels: { n2: "2" }, focus: "n3" });
    const both = choose(one, answer, "0");
    expect(both.focus).toBe("n3"); // nothing left to choose: the focus stays
    expect(decidedLevels(both, answer)).toEqual({ n2: "2", n3: "0" }); // never the agreed n1
    expect(moveFocus(both, answer, -1).focus).toBe("n2");
    expect(moveFocus(moveFocus(both, answer, -1), answer, -1).focus).toBe("n2");
    expect(moveFocus(both, answer, 1).focus).toBe("n3");
    // a click on another target chooses for it
    expect(choose(start, answer, "1", "n3")).toMatchObject({ levels: { n3: "1" }, focus: "n2" });
  });

  it("has nothing to decide on an item with no queued target", () => {
    const agreed = { item: { itemId: 2 }, targets: [target("t", false)] };
    expect(startDraft(agreed).focus).toBeNull();
    expect(decidedLevels(startDraft(agreed), agreed)).toBeNull();
  });
});
