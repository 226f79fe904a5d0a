import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it.each([
    ["FeB4RAG (2024)!", "feb4rag-2024"],
    ["Harbor job queue (demo)", "harbor-job-queue-demo"],
    ["  Évaluation   à Paris ", "evaluation-a-paris"],
    ["???", "study"],
  ])("%s -> %s", (name, slug) => expect(slugify(name)).toBe(slug));
});
