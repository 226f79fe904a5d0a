import { parseReply, parseReplyList, type ReplyRule } from "../parse-reply";
import type { ReadReply } from "./judge-task";

/** A reply that judges one target: the one level the template's output rule reads from it. */
export function oneLevel(rule: ReplyRule, reply: string): ReadReply {
  const parsed = parseReply(rule, reply);
  return "level" in parsed ? { levels: [parsed.level] } : parsed;
}

/** A reply that judges `parts` targets at once: a list of that many levels, in the call's order. */
export const levelList = (rule: ReplyRule, reply: string, parts: number): ReadReply =>
  parseReplyList(rule, reply, parts);

/**
 * A call's levels as its row keeps them (JudgeCall.level, and judge exports): the level itself
 * when the reply gave one, else the levels as a JSON array.
 */
export const storedLevel = (levels: readonly string[]): string | null =>
  levels.length === 0 ? null : levels.length === 1 ? levels[0]! : JSON.stringify(levels);
