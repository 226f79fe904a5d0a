import { levelFromText, PREFERENCE_SCALE_ID, type Scale } from "../scales";
import { judgeScale } from "./judge-scale";
import type { OutputRule } from "./output-rule";
import { compileReplyPattern } from "./reply-pattern";

export type ParsedReply = { level: string } | { error: string };

/** How a template reads replies: its scale and its output rule. */
export type ReplyRule = { scale: string; output: OutputRule };

/**
 * The level a judge's reply gives, read by the template's output rule and checked against its
 * scale; or why it gives none (the reply is then listed as unparsed, never stored as a label).
 */
export function parseReply(template: ReplyRule, reply: string): ParsedReply {
  const scale = judgeScale(template.scale);
  if (!scale) return { error: `unknown scale "${template.scale}"` };
  const extracted = extract(template.output, reply);
  if ("error" in extracted) return extracted;
  const level = levelOf(scale, template.output.map, extracted.text);
  return level === null
    ? {
        error: `"${clip(extracted.text)}" is not a level of ${scale.id} (${scale.levels.map((l) => l.value).join(", ")})`,
      }
    : { level };
}

/**
 * The levels a reply gives for `count` parts of one call, in order (a nugget assignment's nuggets):
 * the output rule's text read as a list (a JSON array at the rule's field, or the last match's text
 * as a list such as ["support", "partial_support"] or "support, not_support"), each word a level
 * of the template's scale; or why it gives none (too few or too many, or a word that is no level).
 */
export function parseReplyList(
  template: ReplyRule,
  reply: string,
  count: number,
): { levels: string[] } | { error: string } {
  const scale = judgeScale(template.scale);
  if (!scale) return { error: `unknown scale "${template.scale}"` };
  const extracted = extract(template.output, reply);
  if ("error" in extracted) return extracted;
  const words = extracted.list ?? wordsOf(extracted.text);
  if (words.length !== count)
    return { error: `the reply gives ${words.length} level${words.length === 1 ? "" : "s"} for ${count} parts` };
  const levels: string[] = [];
  for (const [i, word] of words.entries()) {
    const level = levelOf(scale, template.output.map, word);
    if (level === null)
      return {
        error: `"${clip(word)}" (number ${i + 1}) is not a level of ${scale.id} (${scale.levels.map((l) => l.value).join(", ")})`,
      };
    levels.push(level);
  }
  return { levels };
}

/** A list written as text: the words between its brackets, split at commas or spaces, quotes dropped. */
function wordsOf(text: string): string[] {
  const open = text.indexOf("[");
  const close = text.lastIndexOf("]");
  const inner = open !== -1 && close > open ? text.slice(open + 1, close) : text;
  return inner
    .split(/[\s,]+/)
    .map(unquoted)
    .filter((w) => w !== "");
}

/** A word without the quotes around it (trimmed by hand: `["'`]+$` rescans every run of quotes). */
function unquoted(word: string): string {
  const quote = (c: string | undefined) => c === '"' || c === "'" || c === "`";
  let start = 0;
  let end = word.length;
  while (start < end && quote(word[start])) start++;
  while (end > start && quote(word[end - 1])) end--;
  return word.slice(start, end);
}

function extract(rule: OutputRule, reply: string): { text: string; list?: string[] } | { error: string } {
  if (rule.kind === "regex") {
    const pattern = compileReplyPattern(rule.pattern, rule.ignoreCase);
    if ("error" in pattern) return { error: `the template's expression cannot be read: ${pattern.error}` };
    // the last match: a reply reasons first and concludes last
    const text = pattern.lastMatch(reply);
    if (text === null) return { error: `no match for /${rule.pattern}/ in the reply` };
    return { text: text.trim() };
  }
  const object = jsonObjectIn(reply);
  if (!object) return { error: "the reply holds no JSON object" };
  let value: unknown = object;
  for (const key of rule.field.split(".")) {
    value =
      value !== null && typeof value === "object" && !Array.isArray(value)
        ? (value as Record<string, unknown>)[key]
        : undefined;
  }
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number"))
    return { text: value.join(", "), list: value.map((v) => String(v).trim()) };
  if (typeof value === "string") return { text: value.trim() };
  if (typeof value === "number" || typeof value === "boolean") return { text: String(value) };
  return { error: `the reply's JSON has no text or number at "${rule.field}"` };
}

/**
 * The JSON object a reply holds: the whole reply, else its last ```json fence, else the text from
 * its first "{" to its last "}". Fences are found by scanning once (a lazy pattern would read to
 * the reply's end from every unclosed fence).
 */
function jsonObjectIn(reply: string): Record<string, unknown> | null {
  const first = reply.indexOf("{");
  const last = reply.lastIndexOf("}");
  const candidates = [
    reply,
    ...fencedBlocks(reply).reverse(),
    ...(first !== -1 && last > first ? [reply.slice(first, last + 1)] : []),
  ];
  for (const text of candidates) {
    try {
      const value: unknown = JSON.parse(text.trim());
      if (value !== null && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // not this one
    }
  }
  return null;
}

/** The text of each ``` fence (its opening line ``` or ```json, in any case), in order. */
function fencedBlocks(reply: string): string[] {
  const blocks: string[] = [];
  let at = reply.indexOf("```");
  while (at !== -1) {
    let open = at + 3;
    if (reply.slice(open, open + 4).toLowerCase() === "json") open += 4;
    let newline = open;
    while (newline < reply.length && /\s/.test(reply[newline]!) && reply[newline] !== "\n") newline++;
    const close = reply[newline] === "\n" ? reply.indexOf("```", newline + 1) : -1;
    if (close === -1) {
      at = reply.indexOf("```", at + 3);
      continue;
    }
    blocks.push(reply.slice(newline + 1, close));
    at = reply.indexOf("```", close + 3);
  }
  return blocks;
}

/**
 * A reply's word as a level: through the template's map, else as a level's value or label (in any
 * case), else as its position on a label scale ("2" on relevance-3 is "relevant"; a preference's
 * "1" names no side).
 */
function levelOf(scale: Scale, map: Record<string, string>, text: string): string | null {
  const lower = text.toLowerCase();
  const mapped = Object.entries(map).find(([word]) => word.toLowerCase() === lower)?.[1];
  if (mapped !== undefined) return scale.levels.some((l) => l.value === mapped) ? mapped : null;
  const named = scale.levels.find((l) => l.value.toLowerCase() === lower || l.label.toLowerCase() === lower);
  if (named) return named.value;
  return scale.id === PREFERENCE_SCALE_ID ? null : levelFromText(scale, text);
}

const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}...` : text);
