import { z } from "zod";

/** How a passage is shown: code (highlighted, numbered lines), prose (wrapped paragraphs) or Markdown. */
export const PASSAGE_KINDS = ["code", "prose", "markdown"] as const;
export const passageKindSchema = z.enum(PASSAGE_KINDS);
export type PassageKind = z.infer<typeof passageKindSchema>;

/** A study's setting: each passage by its kind as guessed (auto), or every passage one way. */
export const passageDisplaySchema = z.enum(["auto", ...PASSAGE_KINDS]);
export type PassageDisplay = z.infer<typeof passageDisplaySchema>;

export const PASSAGE_DISPLAY_LABELS: Record<PassageDisplay, string> = {
  auto: "By their kind (code by its language, Markdown documentation, anything else as prose)",
  code: "As code (highlighted, numbered lines)",
  prose: "As prose (wrapped paragraphs)",
  markdown: "As Markdown",
};

const MARKDOWN_LANGUAGES = new Set(["markdown", "mdx"]);

/**
 * How one passage is shown: as its import said (`document`, when the researcher set it), else as
 * the study says (unless auto), else by its language: Markdown for a Markdown path, code for any
 * other language a path or metadata gave, prose for a passage with none (BEIR, MS MARCO, TREC DL,
 * NovelEval: text without a file).
 */
export function passageKind(o: {
  language: string | null;
  document: PassageKind | null;
  study: PassageDisplay;
}): PassageKind {
  if (o.document) return o.document;
  if (o.study !== "auto") return o.study;
  if (o.language && MARKDOWN_LANGUAGES.has(o.language)) return "markdown";
  return o.language ? "code" : "prose";
}
