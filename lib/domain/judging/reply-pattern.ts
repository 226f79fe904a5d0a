import { RE2JS } from "re2js";

/**
 * A template's regular expression, as Assay runs it: RE2's syntax and RE2's guarantee (re2js, a
 * pure-JavaScript port of RE2): matching takes time linear in the reply, whatever the pattern, so
 * no pattern can stall the server the way `(a+)+$` stalls a backtracking engine. RE2 has no
 * backreferences or lookarounds; a pattern using them is refused when the template is saved or
 * imported. Two bounds keep each reply's work small: the pattern compiles to at most
 * `MAX_PATTERN_INSTRUCTIONS` instructions, and the rule reads at most the last
 * `MAX_RULE_REPLY_CHARS` characters of a reply (where a reply concludes).
 */
export const MAX_RULE_REPLY_CHARS = 10_000;
export const MAX_PATTERN_INSTRUCTIONS = 150;

export type ReplyPattern = {
  /** The text the reply's last match gives: its `level` group, else its first group, else the whole match. */
  lastMatch(reply: string): string | null;
};

/** The pattern compiled, or why it cannot be (in words for the template's author). */
export function compileReplyPattern(pattern: string, ignoreCase: boolean): ReplyPattern | { error: string } {
  const key = `${ignoreCase ? "i" : "-"}${pattern}`;
  const cached = compiled.get(key);
  if (cached) return cached;
  const result = compile(pattern, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, result);
  return result;
}

/** Why a pattern cannot be a template's rule, or null. */
export function replyPatternProblem(pattern: string, ignoreCase: boolean): string | null {
  const result = compileReplyPattern(pattern, ignoreCase);
  if ("error" in result) return result.error;
  return result.lastMatch("") === null ? null : "the expression matches an empty reply";
}

const CACHE_SIZE = 64;
const compiled = new Map<string, ReplyPattern | { error: string }>();

function compile(pattern: string, flags: number): ReplyPattern | { error: string } {
  let own: RE2JS;
  try {
    own = RE2JS.compile(pattern, flags);
  } catch (error) {
    return {
      error: `not an expression Assay reads (RE2's syntax: no backreferences or lookarounds): ${messageOf(error)}`,
    };
  }
  if (own.programSize() > MAX_PATTERN_INSTRUCTIONS)
    return {
      error: `the expression is too large (${own.programSize()} instructions, at most ${MAX_PATTERN_INSTRUCTIONS}): use fewer or smaller repetitions`,
    };
  // P's groups move one place right inside the wrappers; its named groups keep their names
  const latest = RE2JS.compile(`(?s:.*)(${pattern})`, flags);
  const earliestEndingHere = RE2JS.compile(`(?s:.*?)(${pattern})$`, flags);
  const level = own.namedGroups()["level"];
  // as a JavaScript match read it: the `level` group, else the first, else the whole match (a
  // group that took no part in the match is passed over)
  const textOf = (match: { group(g: number): string | null }, shift: number) =>
    (level !== undefined ? match.group(level + shift) : null) ??
    (own.groupCount() > 0 ? match.group(1 + shift) : null) ??
    match.group(shift) ??
    "";
  return {
    lastMatch(reply) {
      const text = reply.length > MAX_RULE_REPLY_CHARS ? reply.slice(reply.length - MAX_RULE_REPLY_CHARS) : reply;
      // 1. the match that starts last (the greedy prefix takes all it can)
      const last = latest.matcher(text);
      if (!last.find()) return null;
      const end = last.end(1);
      // 2. the earliest start from which the pattern also matches up to that end (a number read
      //    whole, not its last digit), 3. and the pattern's own match from there in the whole text
      const earliest = earliestEndingHere.matcher(text.slice(0, end));
      if (earliest.find() && earliest.start(1) < last.start(1)) {
        const from = own.matcher(text);
        if (from.find(earliest.start(1)) && from.start() === earliest.start(1)) return textOf(from, 0);
      }
      return textOf(last, 1);
    },
  };
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/^error parsing regexp: /, "");
