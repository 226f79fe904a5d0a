// Study bundles of every format version: an older one imports, a newer one is refused; the people
// and their work are checked like everything else (file, line and field; nothing changes); a seat
// held under a lease travels open and free.
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { claimNextItem } from "@/lib/server/campaigns/claim-next-item";
import { getDb } from "@/lib/server/db/client";
import { studyCounts } from "@/lib/server/db/study-counts";
import { withBulkTransaction } from "@/lib/server/db/transactions";
import { AppError } from "@/lib/server/errors";
import { exportStudy } from "@/lib/server/exports/export-study";
import { upsertStudy } from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { buildWorld } from "@/test/db-world";
import { textInput } from "@/test/import-inputs";
import { importIntoStudy } from "./import-into-study";

type Record_ = Record<string, unknown> & { type: string };

async function bundleOf(studyId: number): Promise<Record_[]> {
  const { lines } = await exportStudy(studyId, { what: "study", format: "bundle" });
  const out: Record_[] = [];
  for await (const text of lines) out.push(...text.split("\n").map((l) => JSON.parse(l) as Record_));
  return out;
}

const freshStudy = async () => (await upsertStudy(await getDb(), { slug: `bundle-${unique()}`, name: "Bundle" })).id;
const importBundle = (studyId: number, records: readonly object[]) =>
  importIntoStudy(studyId, {
    format: "assay-bundle",
    files: [textInput("study.assay.jsonl", `${records.map((r) => JSON.stringify(r)).join("\n")}\n`)],
  });

let world: Awaited<ReturnType<typeof buildWorld>>;
let bundle: Record_[];
let heldItem: number;

beforeAll(async () => {
  world = await buildWorld(await getDb());
  heldItem = (await claimNextItem(world.annotator, world.campaign.id)).itemId!;
  bundle = await bundleOf(world.study.id);
});

describe("study bundle format versions", () => {
  it("imports a bundle written by the version 1 exporter, and writes version 6", async () => {
    const v1 = fs
      .readFileSync("test/fixtures/bundle-v1.assay.jsonl", "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record_);
    expect(v1[0]).toMatchObject({ type: "bundle", version: 1 });
    const studyId = await freshStudy();
    const summary = await importBundle(studyId, v1);
    expect(summary.added).toMatchObject({ queries: 1, documents: 2, nuggets: 2, labels: 4, campaigns: 0 });
    expect(summary.createdAccounts).toEqual([]);
    const [header, ...records] = await bundleOf(studyId);
    expect(header).toMatchObject({ type: "bundle", version: 6 });
    // the same records, with what later versions add: a label's time, a passage's display, the
    // study's first nugget set and each nugget's set
    expect(records.filter((r) => r.type === "nugget_set")).toEqual([
      { type: "nugget_set", name: "main", source: "import", origin: "imported from study.assay.jsonl", versions: {} },
    ]);
    expect(records.filter((r) => r.type === "nugget").map((r) => r.set)).toEqual(["main", "main"]);
    expect(records.filter((r) => r.type === "label").every((r) => typeof r.created_at === "string")).toBe(true);
    expect(records.filter((r) => r.type === "document").map((r) => r.display)).toEqual([null, null]);
    const withoutLater = records
      .filter((r) => r.type !== "nugget_set")
      .map(({ created_at: _c, display: _d, set: _s, ...r }) => r);
    expect(withoutLater).toEqual(v1.slice(1));
  });

  it("refuses a newer bundle, naming its version, and imports a version 2 one", async () => {
    const error = await importBundle(await freshStudy(), [{ ...bundle[0], version: 7 }, ...bundle.slice(1)]).catch(
      (e: unknown) => e,
    );
    // a version 2 bundle is a version 6 bundle without judge runs, adjudication, gold items and nugget sets: it imports
    const withoutAdjudication = bundle.slice(1).map(({ adjudication: _a, ...r }) => r);
    const v2 = await importBundle(await freshStudy(), [{ ...bundle[0], version: 2 }, ...withoutAdjudication]);
    expect(v2.added).toMatchObject({ campaigns: 2, judgeRuns: 0, decisions: 0 });
    expect((error as AppError).details).toMatchObject({
      errors: [
        "study.assay.jsonl line 1, field version: this bundle is format version 7, newer than this Assay reads (1 to 6): upgrade Assay to import it",
      ],
    });
  });
});

describe("the people and their work in a bundle", () => {
  it("carries a held seat open and free, a chosen sample by external ids, and keeps the accounts a server has", async () => {
    const held = bundle.filter((r) => r.type === "seat");
    expect(held).toHaveLength(2);
    const item = await (await getDb()).item.findUniqueOrThrow({ where: { id: heldItem } });
    expect(held.find((s) => s.item === item.position)).toMatchObject({ user: null, status: "open", claimed_at: null });
    expect(bundle.find((r) => r.type === "campaign" && r.name === "Active")).toMatchObject({
      sample: {
        kind: "targets",
        targets: [
          { query: null, nugget: "q1_1", doc: "d1" },
          { query: null, nugget: "q1_2", doc: "d2" },
        ],
      },
      annotators: [world.annotator.email],
    });

    const studyId = await freshStudy();
    // emails are matched as Assay keeps them, in lower case, whatever case a bundle writes them in
    const shouting = bundle.map((r) => (r.type === "member" ? { ...r, user: String(r.user).toUpperCase() } : r));
    const summary = await importBundle(studyId, shouting);
    expect(summary.createdAccounts).toEqual([]); // every one of them has an account here
    expect(summary.added).toMatchObject({ members: 2, campaigns: 2, items: 2, seats: 2 });
    const db = await getDb();
    const annotator = await db.user.findUniqueOrThrow({ where: { id: world.annotator.id } });
    expect(annotator.disabled).toBe(false);
    expect(annotator.passwordHash).not.toBe("");
    const active = await db.campaign.findUniqueOrThrow({ where: { studyId_name: { studyId, name: "Active" } } });
    const nuggets = await db.nugget.findMany({ where: { studyId }, orderBy: { position: "asc" } });
    const docs = await db.document.findMany({ where: { studyId }, orderBy: { externalId: "asc" } });
    expect(JSON.parse(active.sample)).toEqual({
      kind: "targets",
      targetKeys: [`nd:${nuggets[0]!.id}:${docs[0]!.id}`, `nd:${nuggets[1]!.id}:${docs[1]!.id}`],
    });
    const seats = await db.assignment.findMany({ where: { campaignId: active.id } });
    expect(seats.map((s) => [s.status, s.userId])).toEqual([
      ["open", null],
      ["open", null],
    ]);
    // the annotator can claim in the copy, as in the original
    expect((await claimNextItem(world.annotator, active.id)).itemId).not.toBeNull();
  });

  const counts = (studyId: number) => withBulkTransaction((tx) => studyCounts(tx, studyId));
  /** The bundle with one record changed; the import's errors (and nothing imported). */
  async function refusedWith(change: (r: Record_) => Record_ | null, extra: Record_[] = []) {
    const studyId = await freshStudy();
    const before = await counts(studyId);
    const changed = [...bundle, ...extra].map((r) => change(r) ?? r);
    const error = await importBundle(studyId, changed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(await counts(studyId)).toEqual(before);
    return {
      errors: ((error as AppError).details as { errors: string[] }).errors,
      lineOf: (r: Record_) => changed.indexOf(r) + 1,
    };
  }
  const line = (type: string, where: (r: Record_) => boolean = () => true) =>
    bundle.findIndex((r) => r.type === type && where(r)) + 1;

  it("refuses a gold item whose known answer is not a level of its campaign's scale", async () => {
    const item = bundle.find((r) => r.type === "item")!;
    const { errors } = await refusedWith((r) => (r === item ? { ...r, gold: "nine" } : null));
    expect(errors[0]).toBe(
      `study.assay.jsonl line ${line("item")}, field gold: a gold item's known answer is a level of its campaign's scale, and "nine" is none of "${String(item.campaign)}"'s`,
    );
  });

  it("refuses a researcher member with an annotator account, and says what follows from it", async () => {
    const { errors } = await refusedWith((r) =>
      r.type === "member" && r.user === world.annotator.email ? { ...r, role: "researcher" } : null,
    );
    const member = line("member", (r) => r.user === world.annotator.email);
    const [active, draft] = [line("campaign", (r) => r.name === "Active"), line("campaign", (r) => r.name === "Draft")];
    expect(errors).toEqual([
      `study.assay.jsonl line ${member}, field role: ${world.annotator.email} has an annotator account, which cannot open a study's reports; an admin can change the account's role on the Users page`,
      ...[active, draft].map(
        (at) =>
          `study.assay.jsonl line ${at}, field annotators: the membership of ${world.annotator.email} (study.assay.jsonl line ${member}) was not imported`,
      ),
      ...bundle
        .filter((r) => r.type === "item" || r.type === "seat")
        .map(
          (r) =>
            `study.assay.jsonl line ${bundle.indexOf(r) + 1}, field campaign: campaign "Active" (study.assay.jsonl line ${active}) was not imported`,
        ),
    ]);
  });

  it("refuses a member nobody knows, an annotator who is no member, an unknown LLM and a lease", async () => {
    const stranger = `stranger-${unique()}@test.local`;
    const { errors } = await refusedWith((r) => {
      if (r.type === "member" && r.user === world.researcher.email) return { ...r, user: stranger };
      if (r.type === "campaign" && r.name === "Active") return { ...r, llm_judge: "claude" };
      if (r.type === "seat" && r.user === null) return { ...r, status: "leased" };
      return null;
    });
    const active = line("campaign", (r) => r.name === "Active");
    const at = (type: string) => bundle.filter((r) => r.type === type).map((r) => bundle.indexOf(r) + 1);
    expect(errors).toEqual([
      `study.assay.jsonl line ${line("member", (r) => r.user === world.researcher.email)}, field user: unknown user ${stranger} (user records come first)`,
      `study.assay.jsonl line ${active}, field llm_judge: the study has no LLM judge named "claude" (judge records come first)`,
      // a seat's status is read as the line is parsed, before the campaign's items are written
      ...at("seat").map(
        (n) =>
          `study.assay.jsonl line ${n}, field status: a seat is open, submitted, skipped or closed (leases are not carried)`,
      ),
      ...at("item").map(
        (n) =>
          `study.assay.jsonl line ${n}, field campaign: campaign "Active" (study.assay.jsonl line ${active}) was not imported`,
      ),
    ]);
    const notMember = await refusedWith((r) =>
      r.type === "campaign" && r.name === "Active" ? { ...r, annotators: [world.outsider.email] } : null,
    );
    expect(notMember.errors[0]).toBe(
      `study.assay.jsonl line ${active}, field annotators: ${world.outsider.email} is not an annotator member of the study (member records come first)`,
    );
  });

  it("refuses an annotation of an item the campaign does not have, and a second one of the same", async () => {
    const annotation: Record_ = {
      type: "annotation",
      campaign: "Active",
      item: 1,
      user: world.annotator.email,
      phase: "blind",
      payload: { level: "relevant" },
      comment: null,
      client_id: `c-${unique()}`,
      version: 1,
      duration_ms: 1000,
      started_at: "2026-11-20T10:00:00.000Z",
      submitted_at: "2026-11-20T10:00:01.000Z",
      updated_at: "2026-11-20T10:00:01.000Z",
    };
    const { errors } = await refusedWith(
      () => null,
      [
        annotation,
        { ...annotation, item: 9, client_id: `c-${unique()}` },
        { ...annotation, client_id: `c-${unique()}` },
      ],
    );
    const at = bundle.length;
    expect(errors).toEqual([
      `study.assay.jsonl line ${at + 2}, field item: campaign "Active" has no item 9 (item records come first)`,
      `study.assay.jsonl line ${at + 3}: duplicate blind annotation of ${world.annotator.email}: also at study.assay.jsonl line ${at + 1}`,
    ]);
  });

  it("refuses an adjudicator who annotates the campaign, and a decision off the scale or by nobody known", async () => {
    const active = line("campaign", (r) => r.name === "Active");
    const adjudicates = await refusedWith((r) =>
      r.type === "campaign" && r.name === "Active"
        ? {
            ...r,
            adjudication: { adjudicator: world.annotator.email, every: false, show_names: false, llm_judge: null },
          }
        : null,
    );
    expect(adjudicates.errors[0]).toBe(
      `study.assay.jsonl line ${active}, field adjudication.adjudicator: ${world.annotator.email} annotates this campaign, so cannot adjudicate it`,
    );
    const decision: Record_ = {
      type: "decision",
      campaign: "Active",
      item: 1,
      user: world.researcher.email,
      level: "maybe",
      reason: null,
      seen: [],
      llm: null,
      decided_at: "2026-11-20T10:00:00.000Z",
    };
    const stranger = `stranger-${unique()}@test.local`;
    const { errors } = await refusedWith(
      () => null,
      [decision, { ...decision, item: 2, level: "relevant", user: stranger }],
    );
    const at = bundle.length;
    expect(errors).toEqual([
      `study.assay.jsonl line ${at + 1}, field level: "maybe" is not a level of campaign "Active" (non_relevant, partially_relevant, relevant)`,
      `study.assay.jsonl line ${at + 2}, field user: unknown user ${stranger} (user records come first)`,
    ]);
  });
});
