// The command line as a user runs it: a real process against the database of this run.
import { spawnSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/server/db/client";
import { upsertQuery, upsertStudy } from "@/prisma/factories";
import { verifyCredentials } from "@/lib/server/users/verify-credentials";
import { unique } from "@/test/db-tier";

afterAll(closeDb);

function assay(args: string[], input = "") {
  const result = spawnSync("node", ["--conditions=react-server", "--import", "tsx", "lib/cli/main.ts", ...args], {
    encoding: "utf8",
    input,
    env: { ...process.env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("assay CLI", () => {
  it("prints help", () => {
    const help = assay(["help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/user create --email E --role R/);
  });

  it("creates a user with the password from stdin, who can then sign in", async () => {
    const email = `cli-${unique()}@test.local`;
    const created = assay(["user", "create", "--email", email, "--role", "annotator", "--name", "Cli User"], "piped passphrase\n");
    expect(created.stderr).toBe("");
    expect(created.status).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({ created: { id: expect.any(Number), email, name: "Cli User", role: "annotator" } });
    expect(await verifyCredentials(email, "piped passphrase")).toMatchObject({ email, role: "annotator" });

    const again = assay(["user", "create", "--email", email, "--role", "annotator"], "piped passphrase\n");
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe(`assay: A user with email ${email} already exists`);
  });

  it("refuses bad arguments with one line and a pointer to help", () => {
    const badRole = assay(["user", "create", "--email", "x@test.local", "--role", "boss"]);
    expect(badRole.status).toBe(1);
    expect(badRole.stderr).toMatch(/^assay: --role must be one of admin, researcher, annotator\n/);
    const shortPassword = assay(["user", "create", "--email", `y-${unique()}@test.local`, "--role", "admin"], "short\n");
    expect(shortPassword.stderr.trim()).toBe("assay: password: Passwords need at least 8 characters");
    const unknown = assay(["frobnicate"]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/unknown command "frobnicate"/);
  });

  it("lists studies as JSON and as a table", async () => {
    const db = await getDb();
    const slug = `cli-${unique()}`;
    const study = await upsertStudy(db, { slug, name: "CLI listed study" });
    await upsertQuery(db, study.id, { externalId: "q1", title: "Q", body: "B" });
    const listed = assay(["studies", "list", "--format", "json"]);
    expect(listed.status).toBe(0);
    const { studies } = JSON.parse(listed.stdout) as { studies: { slug: string; counts: { queries: number } }[] };
    expect(studies.find((s) => s.slug === slug)).toMatchObject({ slug, name: "CLI listed study", counts: { queries: 1, documents: 0 } });
    expect(assay(["studies", "list"]).stdout).toMatch(new RegExp(`${slug}\\s+1\\s+0\\s+0\\s+CLI listed study`));
  });
});
