import { describe, expect, it } from "vitest";
import { languageFromPath } from "./code-language";

describe("languageFromPath", () => {
  it.each([
    ["harbor/decorators.py", "python"],
    ["src/client.ts", "typescript"],
    ["docs/guide/retries.md", "markdown"],
    ["examples/harbor.toml", "toml"],
    ["deploy/k8s/worker.yaml", "yaml"],
    ["angular/adev/src/app/app.component.ts", "typescript"],
    ["Dockerfile", "docker"],
    ["LICENSE", null],
    ["archive.tar.unknown", null],
    [null, null],
  ])("%s -> %s", (path, expected) => {
    expect(languageFromPath(path)).toBe(expected);
  });
});
