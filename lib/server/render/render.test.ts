import { describe, expect, it } from "vitest";
import { renderChunk } from "./render-chunk";
import { renderMarkdown } from "./markdown";

describe("rendering imported text", () => {
  it("highlights code with one line span per line", async () => {
    const { html, lines } = await renderChunk("def f():\n    return 1\n", "python");
    expect(lines).toBe(3);
    expect(html).toContain('class="code-lines"');
    expect(html.match(/class="line"/g)).toHaveLength(3);
    expect(html).toContain('style="color:'); // highlighted tokens
  });

  it("escapes hostile chunks whatever their language", async () => {
    for (const language of ["python", null, "no-such-language"]) {
      const { html } = await renderChunk('<script>alert(1)</script><img src=x onerror="alert(2)">', language);
      expect(html).not.toContain("<script");
      expect(html).not.toContain("<img");
      expect(html.replace(/<[^>]+>/g, "")).toMatch(/(&#x3C;|&lt;)script/); // the text, escaped
    }
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
