import { describe, expect, it } from "vitest";
import { renderPassage } from "./render-passage";
import { renderMarkdown } from "./markdown";

describe("rendering imported text", () => {
  it("highlights code with one line span per line", async () => {
    const { html, lines } = await renderPassage("def f():\n    return 1\n", "code", { language: "python" });
    expect(lines).toBe(3);
    expect(html).toContain('class="code-lines"');
    expect(html.match(/class="line"/g)).toHaveLength(3);
    expect(html).toContain('style="color:'); // highlighted tokens
  });

  it("escapes hostile chunks whatever their kind and language", async () => {
    for (const [kind, language] of [
      ["code", "python"],
      ["code", null],
      ["code", "no-such-language"],
      ["prose", null],
      ["markdown", null],
    ] as const) {
      const { html } = await renderPassage('<script>alert(1)</script><img src=x onerror="alert(2)">', kind, {
        language,
        terms: ["script", "alert"],
      });
      expect(html).not.toContain("<script");
      expect(html).not.toContain("<img");
      expect(html.replace(/<[^>]+>/g, "")).toMatch(/(&#x3C;|&lt;)script/); // the text, escaped
    }
  });

  it("wraps prose into paragraphs, and marks the question's terms only when asked", async () => {
    const text = "Middle Ground is a song\nby Sarah.\n\n  The song was a hit.  ";
    const plain = await renderPassage(text, "prose");
    expect(plain.html).toBe(
      '<div class="prose-passage"><p>Middle Ground is a song<br>by Sarah.</p><p>The song was a hit.</p></div>',
    );
    const marked = await renderPassage(text, "prose", { terms: ["song", "middle"] });
    expect(marked.html.match(/<mark class="term">[^<]*<\/mark>/g)).toEqual([
      '<mark class="term">Middle</mark>',
      '<mark class="term">song</mark>',
      '<mark class="term">song</mark>',
    ]);
  });

  it("renders Markdown without raw HTML or javascript: links, and highlights fences", async () => {
    const html = await renderMarkdown(
      'Hi <b onclick="x()">there</b> [x](javascript:alert(1))\n\n```ts\nconst a: number = 1 < 2 ? 1 : 0;\n```\n',
    );
    expect(html).not.toContain("<b ");
    expect(html).toContain("&lt;b onclick");
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain("shiki");
    expect(html).toContain("&#x3C;"); // the < inside the fence, escaped by shiki
  });
});
