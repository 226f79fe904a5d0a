import { describe, expect, it } from "vitest";
import { FairQueue } from "./fair-queue";

const drain = <T>(queue: FairQueue<T>) => {
  const out: T[] = [];
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) out.push(item);
  return out;
};

describe("FairQueue", () => {
  it("serves clients round robin, each client's items in arrival order", () => {
    const queue = new FairQueue<string>(100);
    for (let i = 1; i <= 5; i++) queue.push("flood", `f${i}`);
    queue.push("ada", "a1");
    queue.push("bob", "b1");
    queue.push("ada", "a2");
    expect(drain(queue)).toEqual(["f1", "a1", "b1", "f2", "a2", "f3", "f4", "f5"]);
    expect(queue.size).toBe(0);
  });

  it("puts a newcomer's first item one turn behind, however many another client queued", () => {
    const queue = new FairQueue<string>(10_000);
    for (let i = 0; i < 5_000; i++) queue.push("flood", `f${i}`);
    queue.shift(); // f0 runs
    queue.push("ada", "a1");
    expect([queue.shift(), queue.shift()]).toEqual(["f1", "a1"]);
  });

  it("when full, turns away the newest item of the client holding the most, never a smaller client's", () => {
    const queue = new FairQueue<string>(4);
    for (let i = 1; i <= 4; i++) expect(queue.push("flood", `f${i}`)).toEqual({ admitted: true });
    expect(queue.push("ada", "a1")).toEqual({ admitted: true, displaced: "f4" });
    expect(queue.push("bob", "b1")).toEqual({ admitted: true, displaced: "f3" });
    // flood now holds 2, ada 1, bob 1: ada's second item would leave ada level with flood
    expect(queue.push("ada", "a2")).toEqual({ admitted: false });
    expect(queue.push("flood", "f5")).toEqual({ admitted: false });
    expect(drain(queue)).toEqual(["f1", "a1", "b1", "f2"]);
  });

  it("takes out an item that waited too long, and only once", () => {
    const queue = new FairQueue<string>(10);
    queue.push("ada", "a1");
    queue.push("ada", "a2");
    queue.push("bob", "b1");
    expect(queue.remove("ada", "a1")).toBe(true);
    expect(queue.remove("ada", "a1")).toBe(false);
    expect(queue.size).toBe(2);
    expect(drain(queue)).toEqual(["a2", "b1"]);
  });
});
