import { describe, expect, it } from "vitest";
import { BUILTIN_TEMPLATES } from "@/lib/domain/judging/builtin-templates";
import { templateVersion } from "./template-version";

describe("templateVersion", () => {
  it("changes with the content and not with the name", () => {
    const umbrela = BUILTIN_TEMPLATES[0]!;
    expect(templateVersion(umbrela)).toMatch(/^[0-9a-f]{64}$/);
    expect(templateVersion({ ...umbrela, name: "renamed" })).toBe(templateVersion(umbrela));
    expect(templateVersion({ ...umbrela, prompt: `${umbrela.prompt}\n` })).not.toBe(templateVersion(umbrela));
  });
});
