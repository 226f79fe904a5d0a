import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SaveAnnotation } from "@/lib/schemas/campaigns";
import { ApiError } from "./fetch-json";
import { SaveQueue, type PendingSave } from "./save-queue";

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
}

const pending = (clientId: string, itemId = 1): PendingSave => ({
  campaignId: 1,
  itemId,
  save: {
    clientId,
    phase: "blind",
    version: 1,
    payload: { level: "relevant" },
    comment: null,
    startedAt: "2026-11-22T10:00:00.000Z",
    durationMs: 5,
  } satisfies SaveAnnotation,
});
const ack = (p: PendingSave) => ({
  clientId: p.save.clientId,
  phase: p.save.phase,
  version: p.save.version,
  llm: null,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the save queue", () => {
  it("keeps a save in storage until the server acknowledges it, retrying network failures with backoff", async () => {
    const storage = new MemoryStorage();
    let online = false;
    const send = vi.fn(async (p: PendingSave) => {
      if (!online) throw new TypeError("Failed to fetch");
      return ack(p);
    });
    const queue = new SaveQueue("k", storage, send);
    const stored = queue.enqueue(pending("a"));
    await vi.advanceTimersByTimeAsync(0);
    expect(JSON.parse(storage.getItem("k")!)).toHaveLength(1);
    expect(queue.snapshot.retrying).toBe("Failed to fetch");
    await vi.advanceTimersByTimeAsync(500 + 1000);
    expect(send).toHaveBeenCalledTimes(3);
    online = true;
    await vi.advanceTimersByTimeAsync(2000);
    await expect(stored).resolves.toMatchObject({ clientId: "a" });
    expect(JSON.parse(storage.getItem("k")!)).toEqual([]);
    expect(queue.snapshot).toMatchObject({ pending: [], retrying: null });
  });

  it("resumes the saves a previous page left in storage, in order", async () => {
    const storage = new MemoryStorage();
    storage.setItem("k", JSON.stringify([pending("a"), pending("b", 2)]));
    const sent: string[] = [];
    const queue = new SaveQueue("k", storage, async (p) => (sent.push(p.save.clientId), ack(p)));
    expect(queue.snapshot.pending).toHaveLength(2);
    await queue.flush();
    expect(sent).toEqual(["a", "b"]);
    expect(queue.snapshot.pending).toEqual([]);
  });

  it("drops a refused save, reports why, and goes on with the next", async () => {
    const storage = new MemoryStorage();
    const queue = new SaveQueue("k", storage, async (p) => {
      if (p.save.clientId === "stale") throw new ApiError(409, "conflict", "This label was changed in another tab");
      return ack(p);
    });
    const refused = queue.enqueue(pending("stale"));
    const next = queue.enqueue(pending("fresh", 2));
    await expect(refused).rejects.toThrow(/another tab/);
    await expect(next).resolves.toMatchObject({ clientId: "fresh" });
    expect(queue.snapshot.refused?.message).toMatch(/another tab/);
    expect(queue.snapshot.pending).toEqual([]);
  });
});
