// The demo's second snapshot: the same ten questions a year later, after harbor split its code
// and documentation into more repositories, so the Drift page has something to show at first sight.
import { BUILTIN_SCALES } from "@/lib/domain/scales";
import type { Db } from "@/lib/server/db/client";
import * as f from "../factories";
import type { DemoChunk } from "./chunk";
import { DEMO_QUESTIONS } from "./questions";
import {
  DEMO_ACCOUNTS,
  demoHash,
  demoPool,
  runScore,
  simulatedSupport,
  upsertDemoChunk,
  upsertDemoRun,
} from "./seed-demo-study";

export const DEMO_SNAPSHOT_SLUG = "harbor-demo-2025";

/** The nugget nothing supports in the later snapshot: hq-104's third (rate limits), whose code and documentation were removed. */
export const DEMO_LOST_NUGGET = `${DEMO_QUESTIONS[3]!.id}_3`;

/**
 * Where a chunk lives in the later snapshot: documentation moved to harbor-docs, the retry and
 * scheduling code to harbor-contrib, about a third of the rest to harbor-core; the TypeScript
 * client stayed. Its id follows FreshStack's "<repo>/<path>_<start>_<end>".
 */
function moved(c: DemoChunk): DemoChunk {
  const h = demoHash(`2025|${c.id}`);
  const repo =
    c.repo !== "harbor-dev/harbor"
      ? c.repo
      : c.path.startsWith("docs/")
        ? "harbor-dev/harbor-docs"
        : /retry|schedul|cron/.test(c.path)
          ? "harbor-dev/harbor-contrib"
          : h % 3 === 0
            ? "harbor-dev/harbor-core"
            : c.repo;
  return { ...c, repo, id: `${repo}/${c.id.slice(c.repo.length + 1)}` };
}

const COOKBOOK = "harbor-community/cookbook";

/** Systems of the later snapshot: the demo's three and a new one, dense-e5-v2 (only here). */
const SYSTEMS = ["bm25", "dense-e5", "hybrid-rrf", "dense-e5-v2"] as const;

/** A system's score for a chunk: the demo's, and dense-e5-v2 as dense-e5 taught to prefer chunks that state facts. */
function snapshotScore(system: (typeof SYSTEMS)[number], question: string, c: DemoChunk): number {
  if (system !== "dense-e5-v2") return runScore(system, question, c);
  return runScore("dense-e5", question, c) + 2 * (c.question === question ? c.supports.length : 0);
}

/**
 * Seeds the later snapshot (idempotent): the demo's questions and nuggets (same ids), their pools
 * moved (see `moved`), plus a copy of each supporting documentation chunk in the new community
 * cookbook (more supporting documents, from another source), gpt-4o's support labels (the nugget
 * DEMO_LOST_NUGGET supported by nothing), and three runs. The demo researcher is its researcher.
 */
export async function seedDemoSnapshot(db: Db): Promise<{ studyId: number }> {
  const study = await f.upsertStudy(db, {
    slug: DEMO_SNAPSHOT_SLUG,
    name: "Harbor job queue, 2025 snapshot (demo)",
    description:
      "The demo's ten questions a year later, after harbor moved code and documentation into more repositories: " +
      "compare it with the demo study on the Drift page.",
  });
  const researcher = await db.user.findUniqueOrThrow({ where: { email: DEMO_ACCOUNTS[1].email } });
  await f.upsertMember(db, study.id, researcher.id, "researcher");
  const judge = await f.upsertJudge(db, study.id, { name: "gpt-4o", kind: "model" });
  const systems = new Map<string, number>();
  for (const name of SYSTEMS) systems.set(name, (await f.upsertSystem(db, study.id, name)).id);

  for (const [index, q] of DEMO_QUESTIONS.entries()) {
    const query = await f.upsertQuery(db, study.id, {
      externalId: q.id,
      title: q.title,
      body: q.body,
      answer: q.answer,
      metadata: { tags: q.tags, collection: "harbor", snapshot: "2025-10" },
    });
    const pool = demoPool(index).map(moved);
    const guide = pool
      .filter((c) => c.question === q.id && c.supports.length > 0 && c.path.endsWith(".md"))
      .map((c) => ({
        ...c,
        repo: COOKBOOK,
        path: `recipes/${c.path.split("/").pop()}`,
        id: `${COOKBOOK}/recipes/${c.id.split("/").pop()}`,
      }));
    const documents = new Map<string, number>();
    for (const c of [...pool, ...guide]) {
      const doc = await upsertDemoChunk(db, study.id, c);
      documents.set(c.id, doc.id);
      await f.upsertPoolEntry(db, study.id, query.id, doc.id);
    }
    for (const [i, text] of q.nuggets.entries()) {
      const nugget = await f.upsertNugget(db, study.id, query.id, {
        externalId: `${q.id}_${i + 1}`,
        position: i + 1,
        text,
      });
      for (const c of [...pool, ...guide]) {
        const truth = c.question === q.id && c.supports.includes(nugget.position);
        const supported =
          nugget.externalId !== DEMO_LOST_NUGGET && simulatedSupport("gpt-4o", nugget.externalId, c, truth);
        await f.upsertSupportLabel(db, study.id, {
          judgeId: judge.id,
          queryId: query.id,
          nuggetId: nugget.id,
          documentId: documents.get(c.id)!,
          scale: BUILTIN_SCALES.binary.id,
          value: supported ? "1" : "0",
        });
      }
    }
    // the cookbook's copies score a little above their originals
    for (const system of SYSTEMS)
      await upsertDemoRun(
        db,
        { systemId: systems.get(system)!, queryId: query.id, documents },
        [...pool, ...guide],
        (c) => snapshotScore(system, q.id, c) + (c.repo === COOKBOOK ? 0.25 : 0),
      );
  }
  return { studyId: study.id };
}
