import "server-only";
import type { PassageKind } from "@/lib/domain/passages/passage-kind";
import { markTerms } from "@/lib/domain/passages/question-terms";
import { highlightCode } from "./highlight";
import { renderMarkdown } from "./markdown";

export type RenderedPassage = { html: string; lines: number; kind: PassageKind };

/**
 * A passage as HTML, by its kind (passageKind): code highlighted by shiki in its language with line
 * numbers (CSS counters on shiki's line spans); Markdown rendered with highlighted code fences;
 * prose escaped into wrapped paragraphs (a blank line between two), with the question's `terms`
 * marked when a campaign asks for them. Imported text never becomes markup.
 */
export async function renderPassage(
  text: string,
  kind: PassageKind,
  { language = null, terms = [] }: { language?: string | null; terms?: readonly string[] } = {},
): Promise<RenderedPassage> {
  const lines = text.split("\n").length;
  switch (kind) {
    case "markdown":
      return { html: `<div class="prose-chunk">${await renderMarkdown(text)}</div>`, lines, kind };
    case "code":
      return { html: `<div class="code-lines">${await highlightCode(text, language)}</div>`, lines, kind };
    case "prose":
      return { html: `<div class="prose-passage">${proseHtml(text, terms)}</div>`, lines, kind };
  }
}

function proseHtml(text: string, terms: readonly string[]): string {
  const paragraphs = text
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  return paragraphs
    .map(
      (p) =>
        `<p>${markTerms(p, terms)
          .map((run) => (run.term ? `<mark class="term">${escape(run.text)}</mark>` : escape(run.text)))
          .join("")
          .replaceAll("\n", "<br>")}</p>`,
    )
    .join("");
}

const escape = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
