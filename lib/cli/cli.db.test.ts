// The command line as a user runs it: a real process against the database of this run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { upsertQuery, upsertStudy } from "@/prisma/factories";
import { verifyCredentials } from "@/lib/server/users/verify-credentials";
import { unique } from "@/test/db-tier";
import { runCli } from "@/test/run-cli";

const assay = (args: string[], input = "") => runCli(args, { input });

describe("assay CLI", () => {
  it("prints help", () => {
    const help = assay(["help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/user create --email E --role R/);
  });

  it("creates a user with the password from stdin, who can then sign in", async () => {
    const email = `cli-${unique()}@test.local`;
    const created = assay(
      ["user", "create", "--email", email, "--role", "annotator", "--name", "Cli User"],
      "piped passphrase\n",
    );
    expect(created.stderr).toBe("");
    expect(created.status).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({
      created: { id: expect.any(Number), email, name: "Cli User", role: "annotator" },
    });
    expect(await verifyCredentials(email, "piped passphrase")).toMatchObject({ email, role: "annotator" });

    const again = assay(["user", "create", "--email", email, "--role", "annotator"], "piped passphrase\n");
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe(`assay: A user with email ${email} already exists`);
  });

  it("refuses bad arguments with one line and a pointer to help", () => {
    const badRole = assay(["user", "create", "--email", "x@test.local", "--role", "boss"]);
    expect(badRole.status).toBe(1);
    expect(badRole.stderr).toMatch(/^assay: --role must be one of admin, researcher, annotator\n/);
    const shortPassword = assay(
      ["user", "create", "--email", `y-${unique()}@test.local`, "--role", "admin"],
      "short\n",
    );
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
    expect(studies.find((s) => s.slug === slug)).toMatchObject({
      slug,
      name: "CLI listed study",
      counts: { queries: 1, documents: 0 },
    });
    expect(assay(["studies", "list"]).stdout).toMatch(new RegExp(`${slug}\\s+1\\s+0\\s+0\\s+CLI listed study`));
  });
});

describe("assay studies create and members", () => {
  it("creates a study with its owner, adds, lists and removes members; errors exit 2 with one line", async () => {
    const id = unique();
    const owner = `owner-${id}@test.local`;
    const annotator = `annotator-${id}@test.local`;
    expect(assay(["user", "create", "--email", owner, "--role", "researcher"], "owner passphrase\n").status).toBe(0);
    expect(
      assay(
        ["user", "create", "--email", annotator, "--role", "annotator", "--name", "Ann Tator"],
        "annotator passphrase\n",
      ).status,
    ).toBe(0);

    const created = assay([
      "studies",
      "create",
      "--name",
      `Team study ${id}`,
      "--description",
      "Ours",
      "--owner",
      owner,
    ]);
    expect(created.stderr).toBe("");
    expect(JSON.parse(created.stdout)).toEqual({
      id: expect.any(Number),
      slug: `team-study-${id}`,
      name: `Team study ${id}`,
    });
    const slug = `team-study-${id}`;

    expect(
      JSON.parse(assay(["members", "add", "--study", slug, "--email", annotator, "--role", "annotator"]).stdout),
    ).toEqual({ study: slug, email: annotator, role: "annotator", added: true });
    const listed = JSON.parse(assay(["members", "list", "--study", `Team study ${id}`, "--format", "json"]).stdout) as {
      members: { email: string; role: string }[];
    };
    expect(listed.members.map((m) => [m.email, m.role])).toEqual([
      [owner, "researcher"],
      [annotator, "annotator"],
    ]);
    expect(assay(["members", "list", "--study", slug]).stdout).toMatch(
      new RegExp(`annotator\\s+${annotator}\\s+Ann Tator`),
    );
    expect(JSON.parse(assay(["members", "remove", "--study", slug, "--email", annotator]).stdout)).toEqual({
      study: slug,
      email: annotator,
      removed: true,
      releasedItems: 0,
    });
    expect(assay(["members", "list", "--study", slug, "--format", "json"]).stdout).not.toContain(annotator);

    for (const [args, message] of [
      [
        ["studies", "create", "--name", `Team study ${id}`],
        `assay: name: a study named "Team study ${id}" already exists`,
      ],
      [["studies", "create"], "assay: --name is required"],
      [
        ["studies", "create", "--name", "X", "--owner", `ghost-${id}@test.local`],
        `assay: --owner: no user has the email ghost-${id}@test.local (create it with: npm run assay -- user create --email ghost-${id}@test.local --role researcher)`,
      ],
      [
        ["members", "add", "--study", slug, "--email", `ghost-${id}@test.local`, "--role", "annotator"],
        `assay: email: nobody has an account for ghost-${id}@test.local; create it (or an invite link) first`,
      ],
      [
        ["members", "add", "--study", slug, "--email", annotator, "--role", "boss"],
        "assay: --role must be researcher or annotator",
      ],
      [
        ["members", "add", "--study", `nowhere-${id}`, "--email", annotator, "--role", "annotator"],
        `assay: --study: no study is named "nowhere-${id}" (npm run assay -- studies list shows them)`,
      ],
      [["members", "remove", "--study", slug, "--email", annotator], "assay: This person is not a member of the study"],
      [["members", "list", "--study", slug, "--bogus"], "assay: Unknown option '--bogus'"],
    ] as const) {
      const result = assay([...args]);
      expect(result.status, args.join(" ")).toBe(2);
      expect(result.stderr.trim().split("\n")[0]).toBe(message);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
    }
  });

  it("import --owner makes the named user the new study's researcher; without it, says how to add members", async () => {
    const id = unique();
    const owner = `importer-${id}@test.local`;
    expect(assay(["user", "create", "--email", owner, "--role", "researcher"], "owner passphrase\n").status).toBe(0);
    const queries = "../shared/data/noveleval/queries.tsv";
    const owned = assay(["import", "--study", `Owned ${id}`, "--format", "beir-queries", "--owner", owner, queries]);
    expect(owned.status).toBe(0);
    expect(owned.stderr).toBe("");
    const listed = JSON.parse(assay(["members", "list", "--study", `Owned ${id}`, "--format", "json"]).stdout) as {
      members: { email: string; role: string }[];
    };
    expect(listed.members).toMatchObject([{ email: owner, role: "researcher" }]);

    const orphan = assay(["import", "--study", `Orphan ${id}`, "--format", "beir-queries", queries]);
    expect(orphan.status).toBe(0);
    expect(orphan.stderr).toContain(
      `study "Orphan ${id}" has no members yet; add its researcher with\n  npm run assay -- members add --study orphan-${id} --email EMAIL --role researcher`,
    );
  });

  it("import reads a run file of several tags as several systems, and refuses a --study that names two studies", async () => {
    const id = unique();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-cli-"));
    const file = (name: string, text: string) => {
      fs.writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    const study = `Runs ${id}`;
    const slug = `runs-${id}`;
    expect(assay(["import", "--study", study, "--format", "beir-queries", file("q.tsv", "q1\tWhy?\n")]).status).toBe(0);
    const corpus = file("c.tsv", "d1\tone\nd2\ttwo\n");
    expect(assay(["import", "--study", study, "--format", "beir-corpus", corpus]).status).toBe(0);
    const runs = file("two.run", "q1 Q0 d1 1 2 bm25\nq1 Q0 d2 2 1 bm25\nq1 Q0 d2 1 2 dense\nq1 Q0 d1 2 1 dense\n");
    const imported = assay(["import", "--study", study, "--format", "trec-run", runs]);
    expect(imported.status, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ added: { systems: 2, runEntries: 4 } });

    // a study named like the other's slug (made before names had to differ): --study refuses to guess
    const db = await getDb();
    const twin = await upsertStudy(db, { slug: `twin-${id}`, name: slug });
    const ambiguous = assay(["import", "--study", slug, "--format", "trec-run", runs]);
    expect(ambiguous.status).toBe(2);
    expect(ambiguous.stderr).toMatch(
      new RegExp(`"${slug}" names 2 studies: \\d+ "${study}" \\(slug ${slug}\\), ${twin.id} "${slug}"`),
    );
    expect(assay(["members", "list", "--study", slug]).status).toBe(2);
  });
});
