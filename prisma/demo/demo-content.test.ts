import { describe, expect, it } from "vitest";
import { DEMO_QUESTIONS } from "./questions";
import { DEMO_RESPONSES } from "./responses";
import { DEMO_CHUNKS, demoPool } from "./seed-demo-study";

describe("demo study content", () => {
  it("has about ten questions with three or four nuggets each", () => {
    expect(DEMO_QUESTIONS).toHaveLength(10);
    for (const q of DEMO_QUESTIONS) expect(q.nuggets.length, q.id).toBeGreaterThanOrEqual(3);
    for (const q of DEMO_QUESTIONS) expect(q.nuggets.length, q.id).toBeLessThanOrEqual(4);
    expect(new Set(DEMO_QUESTIONS.map((q) => q.id)).size).toBe(10);
  });

  it("has unique chunk ids, and each chunk supports only nuggets its question has", () => {
    expect(new Set(DEMO_CHUNKS.map((c) => c.id)).size).toBe(DEMO_CHUNKS.length);
    for (const c of DEMO_CHUNKS) {
      const question = DEMO_QUESTIONS.find((q) => q.id === c.question);
      expect(question, c.id).toBeDefined();
      for (const n of c.supports) expect(n <= question!.nuggets.length && n >= 1, `${c.id} supports ${n}`).toBe(true);
    }
  });

  it("supports every nugget by at least one chunk and mixes languages", () => {
    for (const q of DEMO_QUESTIONS) {
      for (let n = 1; n <= q.nuggets.length; n++) {
        expect(
          DEMO_CHUNKS.some((c) => c.question === q.id && c.supports.includes(n)),
          `${q.id}_${n}`,
        ).toBe(true);
      }
    }
    const extensions = new Set(DEMO_CHUNKS.map((c) => c.path.split(".").pop()));
    expect([...extensions]).toEqual(expect.arrayContaining(["py", "ts", "md", "toml", "yaml", "json"]));
  });

  it("pools ten distinct chunks per question", () => {
    for (let i = 0; i < DEMO_QUESTIONS.length; i++) expect(new Set(demoPool(i).map((c) => c.id)).size).toBe(10);
  });

  it("cites only chunks that exist, with markers that appear in the text", () => {
    for (const r of DEMO_RESPONSES) {
      const own = DEMO_CHUNKS.filter((c) => c.question === r.question);
      for (const [marker, index] of Object.entries(r.citations)) {
        expect(own[index], `${r.question}/${r.system} [${marker}]`).toBeDefined();
        expect(r.text).toContain(`[${marker}]`);
      }
    }
  });
});
