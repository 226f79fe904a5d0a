import "server-only";
import { bundledLanguages, bundledLanguagesAlias, createHighlighter, type Highlighter } from "shiki";

// the high-contrast variant: every token meets WCAG AA contrast on white (axe checks it in e2e/accessibility.spec.ts)
const THEME = "github-light-high-contrast";
const cache = globalThis as unknown as { assayHighlighter?: Promise<Highlighter> };

/** The process's one shiki highlighter; languages are loaded on first use. */
function highlighter(): Promise<Highlighter> {
  cache.assayHighlighter ??= createHighlighter({ themes: [THEME], langs: [] });
  return cache.assayHighlighter;
}

function knownLanguage(language: string | null | undefined): string | null {
  if (!language) return null;
  const id = language.toLowerCase();
  return Object.hasOwn(bundledLanguages, id) || Object.hasOwn(bundledLanguagesAlias, id) ? id : null;
}

/**
 * Highlighted HTML for `code`. shiki escapes the text itself, so imported content is never
 * interpreted as HTML; an unknown language renders as escaped plain text.
 */
export async function highlightCode(code: string, language: string | null | undefined): Promise<string> {
  const h = await highlighter();
  const lang = knownLanguage(language);
  if (lang && !h.getLoadedLanguages().includes(lang))
    await h.loadLanguage(lang as Parameters<Highlighter["loadLanguage"]>[0]);
  return h.codeToHtml(code, { lang: lang ?? "text", theme: THEME });
}
