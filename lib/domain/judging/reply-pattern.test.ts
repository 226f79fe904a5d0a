import { describe, expect, it } from "vitest";
import { compileReplyPattern, MAX_RULE_REPLY_CHARS, replyPatternProblem, type ReplyPattern } from "./reply-pattern";

const compiled = (pattern: string, ignoreCase = true): ReplyPattern => {
  const result = compileReplyPattern(pattern, ignoreCase);
  if ("error" in result) throw new Error(result.error);
  return result;
};

/** What a backtracking engine's last match gives (the rule's meaning before Assay ran RE2). */
const javascriptLast = (pattern: string, reply: string) => {
  const match = [...reply.matchAll(new RegExp(pattern, "gi"))].at(-1);
  return match ? (match.groups?.level ?? match[1] ?? match[0]) : null;
};

describe("a template's expression", () => {
  it("reads the same last match as JavaScript's engine on the replies templates meet", () => {
    const cases: [string, string][] = [
      ["##\\s*final score:\\s*([0-3])", "A 3 needs the answer.\n##final score: 1\non reflection:\n##Final Score: 2"],
      ["(\\d+)", "score 10/10"],
      ["(\\d+)/10", "I give it 10/10"],
      ["score:\\s*(\\d+)", "score: 7 ... then score: 12, final"],
      ["(score)=(?<level>\\d)", "score=3"],
      ["\\b[0-3]\\b", "grade 1 then 2"],
      ["LEVEL: (.+)$", "reasoning\nLEVEL: Partially relevant"],
      ["BETTER: (\\w+)", "BETTER: A ... BETTER: tie"],
      ["(yes)|no", "yes, then no"],
      ["(?:supported|partial_support|not_support)", "support? not_support"],
      ["\\[(.*)\\]", 'first [support] then ["support", "not_support"]'],
      ["verdict: (\\w+)", "VERDICT: Relevant"],
    ];
    for (const [pattern, reply] of cases)
      expect(compiled(pattern).lastMatch(reply), `${pattern} on ${reply}`).toBe(javascriptLast(pattern, reply));
  });

  it("takes time linear in the reply whatever the pattern: (a+)+$ on a long reply of a's and a '!'", () => {
    // a backtracking engine needs about 2^n steps here: 40 characters would take days
    for (const n of [28, 40, 5_000]) expect(compiled("(a+)+$").lastMatch(`${"a".repeat(n)}!`)).toBeNull();
    expect(compiled("(a|aa)*$").lastMatch(`${"a".repeat(10_000)}!`)).toBe("");
    expect(compiled("(x+x+)+y").lastMatch(`${"x".repeat(5_000)}y`)).toBe("x".repeat(5_000));
  });

  it("reads the last characters of a long reply, where it concludes", () => {
    const reply = `##final score: 3\n${"padding ".repeat(MAX_RULE_REPLY_CHARS / 8)}##final score: 1`;
    expect(compiled("##final score: (\\d)").lastMatch(reply)).toBe("1");
    const early = `##final score: 3\n${"padding ".repeat(MAX_RULE_REPLY_CHARS / 8)}`;
    expect(compiled("##final score: (\\d)").lastMatch(early)).toBeNull();
  });

  it("refuses what RE2 cannot run in linear time, too large a program, and an empty match, in words", () => {
    expect(replyPatternProblem("(a)\\1", true)).toMatch(
      /^not an expression Assay reads \(RE2's syntax: no backreferences or lookarounds\): invalid escape sequence/,
    );
    expect(replyPatternProblem("a(?=b)", true)).toMatch(
      /^not an expression Assay reads .*: invalid or unsupported Perl syntax/,
    );
    expect(replyPatternProblem("[a-z]{0,500}", true)).toMatch(
      /^the expression is too large \(\d+ instructions, at most 150\)/,
    );
    expect(replyPatternProblem("a*", true)).toBe("the expression matches an empty reply");
    expect(replyPatternProblem("##\\s*final score:\\s*([0-3])", true)).toBeNull();
  });

  it("honours the case setting", () => {
    expect(compiled("yes", false).lastMatch("YES")).toBeNull();
    expect(compiled("yes", true).lastMatch("YES")).toBe("YES");
  });
});
