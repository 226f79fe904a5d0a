import "server-only";
import { highlightCode } from "./highlight";
import { renderMarkdown } from "./markdown";

/**
 * A chunk as HTML: documentation (Markdown) rendered with highlighted code fences, anything else
 * highlighted as code in its language with line numbers (CSS counters on shiki's line spans).
 */
export async function renderChunk(text: string, language: string | null): Promise<{ html: string; lines: number }> {
  const lines = text.split("\n").length;
  if (language === "markdown" || language === "mdx")
    return { html: `<div class="prose-chunk">${await renderMarkdown(text)}</div>`, lines };
  return { html: `<div class="code-lines">${await highlightCode(text, language)}</div>`, lines };
}
