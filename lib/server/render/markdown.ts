import "server-only";
import MarkdownIt from "markdown-it";
import { highlightCode } from "./highlight";

// html: false escapes any HTML in the source; markdown-it's link validation drops javascript: and
// data: URLs. Fences are highlighted by shiki after parsing (markdown-it's highlight hook is synchronous).
const md = new MarkdownIt({ html: false, linkify: true });
const FENCE = /<pre><code(?: class="language-([\w+#.-]+)")?>([\s\S]*?)<\/code><\/pre>/g;

const unescape = (html: string) =>
  html
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");

/** Markdown (questions, answers, documentation chunks, guidelines) as safe HTML with highlighted code. */
export async function renderMarkdown(source: string): Promise<string> {
  const html = md.render(source);
  const fences = [...html.matchAll(FENCE)];
  const highlighted = await Promise.all(fences.map((m) => highlightCode(unescape(m[2]!).replace(/\n$/, ""), m[1])));
  let i = 0;
  return html.replace(FENCE, () => highlighted[i++]!);
}
