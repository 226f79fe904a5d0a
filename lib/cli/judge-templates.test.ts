import { describe, expect, it } from "vitest";
import { BUILTIN_TEMPLATES } from "@/lib/domain/judging/builtin-templates";
import { templateVersion } from "@/lib/server/judging/template-version";
import { runCli } from "@/test/run-cli";

describe("assay judge templates", () => {
  it("lists the built-in templates with their versions, as a table or with their whole text", () => {
    const table = runCli(["judge", "templates"]);
    expect(table.status, table.stderr).toBe(0);
    const lines = table.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^NAME\s+VERSION\s+TASK\s+SCALE\s+READS$/);
    expect(lines.slice(1).map((l) => l.split(/\s+/).slice(0, 4))).toEqual([
      ["umbrela-relevance", templateVersion(BUILTIN_TEMPLATES[0]!).slice(0, 12), "relevance", "trec-dl-0-3"],
      ["freshstack-support", templateVersion(BUILTIN_TEMPLATES[1]!).slice(0, 12), "support", "binary"],
    ]);
    expect(lines[2]).toMatch(/JSON field supported$/);

    const json = runCli(["judge", "templates", "--format", "json"]);
    const { templates } = JSON.parse(json.stdout) as { templates: { name: string; version: string; prompt: string }[] };
    expect(templates.map((t) => t.version)).toEqual(BUILTIN_TEMPLATES.map(templateVersion));
    expect(templates[0]!.version).toMatch(/^[0-9a-f]{64}$/);
    expect(templates[1]!.prompt).toBe(BUILTIN_TEMPLATES[1]!.prompt);
  });

  it("gives a version that changes with the content and not with the name", () => {
    const umbrela = BUILTIN_TEMPLATES[0]!;
    expect(templateVersion({ ...umbrela, name: "renamed" })).toBe(templateVersion(umbrela));
    expect(templateVersion({ ...umbrela, prompt: `${umbrela.prompt}\n` })).not.toBe(templateVersion(umbrela));
  });

  it("refuses an unknown format with one line", () => {
    const refused = runCli(["judge", "templates", "--format", "yaml"]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe("assay: --format must be json or table\nRun `npx assay help` for usage.\n");
  });
});
