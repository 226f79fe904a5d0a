export type DemoChunk = {
  id: string;
  question: string; // the question whose pool it was retrieved for
  repo: string;
  path: string;
  text: string;
  supports: number[]; // 1-based nugget positions of `question` this chunk supports (ground truth)
};

const counters = new Map<string, number>();

/** A chunk with a FreshStack-style id: "<repo>/<path>_<start>_<end>" (byte offsets). */
export function chunk(question: string, repo: string, path: string, supports: number[], text: string): DemoChunk {
  const key = `${repo}/${path}`;
  const start = counters.get(key) ?? 0;
  const end = start + Buffer.byteLength(text);
  counters.set(key, end + 1);
  return { id: `${key}_${start}_${end}`, question, repo, path, text: text.trim(), supports };
}
