import { describe, expect, it } from "vitest";
import { linesBody } from "./text-chunks";

const decoder = new TextDecoder();

describe("a download's body", () => {
  it("sends the lines in blocks and ends cleanly when they end", async () => {
    async function* lines() {
      yield "a";
      yield "b";
    }
    expect(await new Response(linesBody(lines())).text()).toBe("a\nb\n");
  });

  it("errors when reading fails mid-way, after what was sent: never a clean end of a truncated file", async () => {
    async function* failing() {
      yield "x".repeat(70 * 1024); // one whole block
      throw new Error("the database went away");
    }
    const reader = linesBody(failing()).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(decoder.decode(first.value).length).toBe(70 * 1024 + 1);
    await expect(reader.read()).rejects.toThrow("the database went away");
  });

  it("closes the lines when the client goes away", async () => {
    let closed = false;
    async function* endless() {
      try {
        for (let i = 0; ; i++) yield "y".repeat(70 * 1024);
      } finally {
        closed = true;
      }
    }
    const reader = linesBody(endless()).getReader();
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
  });
});
