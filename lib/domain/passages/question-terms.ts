/**
 * Words too common to mark in a passage: English function words, and the question words a
 * question opens with.
 */
const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have how i if in into is it its " +
    "may me might my no nor not of on or our should so than that the their them then there these they this " +
    "those to too was we were what when where which while who whom whose why will with would you your"
  ).split(" "),
);

/**
 * The terms of a question a passage's reader looks for, as TREC assessors' tools mark them: its
 * words of three letters or more (letters and digits of any script; a possessive 's dropped),
 * lower-cased, without stop words, each once, longest first (so a longer term wins where two overlap).
 */
export function questionTerms(question: string): string[] {
  const words = (question.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu) ?? []).map(
    (w) => w.replace(/['’]s$/, ""),
  );
  const terms = new Set(words.filter((w) => w.length >= 3 && !STOP_WORDS.has(w)));
  return [...terms].sort((a, b) => b.length - a.length || a.localeCompare(b));
}

/**
 * A text split into runs, each marked when it is one of `terms` as a whole word (case-insensitive):
 * the runs joined give the text back unchanged.
 */
export function markTerms(text: string, terms: readonly string[]): { text: string; term: boolean }[] {
  if (terms.length === 0 || text === "") return [{ text, term: false }];
  const escaped = terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join("|")})(?![\\p{L}\\p{N}])`, "giu");
  const runs: { text: string; term: boolean }[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) runs.push({ text: text.slice(at, match.index), term: false });
    runs.push({ text: match[0], term: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), term: false });
  return runs;
}
