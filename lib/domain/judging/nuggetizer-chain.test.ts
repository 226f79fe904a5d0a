import { describe, expect, it } from "vitest";
import { builtinTemplate } from "./builtin-templates";
import { createNuggets, scoreNuggets, type Ask } from "./nuggetizer-chain";
import type { ChatMessage } from "./render-prompt";

const creator = builtinTemplate("nuggetizer-create")!;
const scorer = builtinTemplate("nuggetizer-score")!;
const settings = { windowSize: 2, maxNuggets: 3, maxTries: 3 };

/** An endpoint that answers from a script, one reply a call ("error": no reply), recording what it was asked. */
function scripted(replies: string[]) {
  const asked: { user: string; temperature: number }[] = [];
  const ask: Ask = async (messages: ChatMessage[], temperature: number) => {
    asked.push({ user: messages.at(-1)!.content, temperature });
    const reply = replies.shift();
    if (reply === undefined) throw new Error("the script ran out of replies");
    return reply === "error" ? { error: "HTTP 500" } : { reply };
  };
  return { ask, asked };
}

describe("a question's nugget creation", () => {
  it("asks once a window with the nuggets so far, retries an unreadable reply at 0.2 and cuts the list", async () => {
    const { ask, asked } = scripted([
      '```python\n["Trams were slow", "Buses were cheaper"]\n```',
      "Here are the nuggets: none",
      "['Cars crowded streets', \"It's lobbying\", 'Trams were slow', 'Buses were cheaper']",
      "error",
    ]);
    const end = await createNuggets(creator, "Why trams?", ["p1", "p2", "p3", "p4", "p5"], settings, 0, ask);
    expect(end).toEqual({
      result: ["Cars crowded streets", "It's lobbying", "Trams were slow"],
      windows: 3,
      failedWindows: 1,
      lastError: "HTTP 500",
    });
    expect(asked.map((a) => a.temperature)).toEqual([0, 0, 0.2, 0]);
    expect(asked[0]!.user).toContain("Context:\n[1] p1\n[2] p2\nSearch Query: Why trams?\nInitial Nugget List: []\n");
    expect(asked[1]!.user).toContain(
      "Context:\n[1] p3\n[2] p4\n" +
        "Search Query: Why trams?\nInitial Nugget List: ['Trams were slow', 'Buses were cheaper']\nInitial Nugget List Length: 2\n",
    );
    expect(asked[2]!.user).toBe(asked[1]!.user);
    // the last window (its one passage) had no reply: the list stays as the second window left it
    expect(asked[3]!.user).toContain(
      `Context:\n[1] p5\nSearch Query: Why trams?\nInitial Nugget List: ['Cars crowded streets', "It's lobbying", 'Trams were slow']\nInitial Nugget List Length: 3\n`,
    );
  });

  it("keeps the list after the last try of a window, and refuses a string or numbers", async () => {
    const { ask, asked } = scripted(['["a"]', '"a string"', "[1, 2]", "not a list"]);
    const end = await createNuggets(creator, "q", ["p1", "p2", "p3"], settings, 0, ask);
    expect(end?.result).toEqual(["a"]);
    expect(asked.map((a) => a.temperature)).toEqual([0, 0, 0.2, 0.2]);
  });

  it("stops where the run was stopped", async () => {
    const ask: Ask = async () => null;
    expect(await createNuggets(creator, "q", ["p1"], settings, 0, ask)).toBeNull();
  });
});

describe("a question's nugget importance", () => {
  it("grades windows of nuggets, retries a short reply, and leaves a window without a reply not graded", async () => {
    const { ask, asked } = scripted(['["Vital", "okay"]', '["vital"]', '["okay", "VITAL"]', "error"]);
    const end = await scoreNuggets(scorer, "q", ["a", "b", "c", "d", "e"], settings, 0, ask);
    expect(end).toEqual({
      result: ["vital", "okay", "okay", "vital", null],
      windows: 3,
      failedWindows: 1,
      lastError: "HTTP 500",
    });
    expect(asked.map((a) => a.temperature)).toEqual([0, 0, 0.2, 0]);
    expect(asked[1]!.user).toContain("label each of the 2 nuggets");
    expect(asked[1]!.user).toContain("Nugget List: ['c', 'd']");
    expect(asked[3]!.user).toContain("label each of the 1 nuggets");
  });

  it("makes every nugget of a window okay after its last try, as nuggetizer does", async () => {
    const { ask } = scripted(["no", "no", "no"]);
    expect((await scoreNuggets(scorer, "q", ["a", "b"], settings, 0, ask))?.result).toEqual(["okay", "okay"]);
  });
});
