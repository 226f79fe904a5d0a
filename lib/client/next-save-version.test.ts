import { describe, expect, it } from "vitest";
import { nextSaveVersion } from "./next-save-version";
import type { PendingSave } from "./save-queue";

const queued = (itemId: number, phase: "blind" | "revised", version: number): PendingSave => ({
  campaignId: 1,
  itemId,
  save: {
    clientId: `c${itemId}${phase}${version}`,
    phase,
    version,
    payload: { taskType: "support", level: "1" },
    comment: null,
    startedAt: "",
    durationMs: 0,
  },
});

describe("the version of a new save", () => {
  it("starts at 1, then follows what the server stored for that phase", () => {
    expect(nextSaveVersion([], [], 1, "blind")).toBe(1);
    expect(nextSaveVersion([{ phase: "blind", version: 3 }], [], 1, "blind")).toBe(4);
    expect(nextSaveVersion([{ phase: "blind", version: 3 }], [], 1, "revised")).toBe(1);
  });

  it("counts saves still in the outbox for this item and phase, and no other's", () => {
    const outbox = [queued(1, "blind", 5), queued(2, "blind", 9), queued(1, "revised", 7)];
    expect(nextSaveVersion([{ phase: "blind", version: 3 }], outbox, 1, "blind")).toBe(6);
    expect(nextSaveVersion([{ phase: "blind", version: 6 }], outbox, 1, "blind")).toBe(7);
    expect(nextSaveVersion([], outbox, 1, "revised")).toBe(8);
  });
});
