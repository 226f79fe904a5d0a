// Validity, not one lucky draw: LLMJudge's NIST labels as the truth and an LLM's as predictions
// (share of the 4,423 pairs at level >= 2), 1,000 seeded uniform samples of 300 human labels.
import { describe, expect, it } from "vitest";
import { qrelsRows } from "@/test/llmjudge-data";
import { ppiMean } from "./ppi-mean";

const atLeast2 = (file: string) =>
  new Map(qrelsRows(file, true).map(([q, d, rel]) => [`${q} ${d}`, Number(rel) >= 2 ? 1 : 0]));
const human = atLeast2("human_qrels.txt");
const llm = atLeast2("llm_labels/willia-umbrela3.txt"); // UMBRELA's prompt: calls far fewer pairs relevant
const keys = [...human.keys()];
const truth = keys.reduce((s, k) => s + human.get(k)!, 0) / keys.length;

describe("PPI on LLMJudge, 1,000 samples of 300", () => {
  // measured: coverage 91.5%, mean width 0.0784 (PPI) against 0.0839 (humans alone), LLM alone 0.1519
  it("covers the truth about 90% of the time with a 90% interval, narrower than the humans alone", () => {
    expect(truth.toFixed(4)).toBe("0.2679");
    let seed = 20241;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    let covered = 0;
    let ppiWidth = 0;
    let classicalWidth = 0;
    let llmOnly = 0;
    const order = keys.map((_, i) => i);
    for (let draw = 0; draw < 1000; draw++) {
      // a uniform sample of 300 without replacement: the first 300 of a partial Fisher-Yates shuffle
      for (let i = 0; i < 300; i++) {
        const j = i + Math.floor(random() * (order.length - i));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      const labelled = new Set(order.slice(0, 300));
      const y: number[] = [];
      const yhat: number[] = [];
      const yhatUnlabelled: number[] = [];
      keys.forEach((k, i) => {
        if (labelled.has(i)) {
          y.push(human.get(k)!);
          yhat.push(llm.get(k)!);
        } else yhatUnlabelled.push(llm.get(k)!);
      });
      const r = ppiMean({ y, yhat, yhatUnlabelled, confidence: 0.9 });
      if (r.low <= truth && truth <= r.high) covered++;
      ppiWidth += r.high - r.low;
      classicalWidth += r.classical.high - r.classical.low;
      llmOnly = r.llmOnly.estimate;
    }
    expect(covered / 1000).toBeGreaterThanOrEqual(0.87);
    expect(covered / 1000).toBeLessThanOrEqual(0.93);
    expect(ppiWidth / 1000).toBeLessThan(classicalWidth / 1000);
    // the LLM alone is far off: its share is outside even the mean PPI interval around the truth
    expect(Math.abs(llmOnly - truth)).toBeGreaterThan(ppiWidth / 1000 / 2);
  });
});
