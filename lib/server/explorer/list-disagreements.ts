import "server-only";
import { labelPosition } from "@/lib/domain/explorer/consensus";
import { questionTitle } from "@/lib/domain/question-title";
import { levelText } from "@/lib/domain/scales";
import type { DisagreementList } from "@/lib/schemas/explorer";
import { getDb, type Db } from "../db/client";
import { disagreementPage } from "../db/explorer-counts";
import { readInChunks } from "../db/lists";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

const PAGE_SIZE = 50;
/** Disagreements read at once by an export: a chunk's worth of keys (lists.ts). */
const EXPORT_PAGE_SIZE = 500;

/**
 * The study's pooled pairs whose judges disagree (LLMs with humans, or LLMs with each other, read
 * through each scale's binarization), the strongest first: the spread between the highest and the
 * lowest label, each scaled to 0..1, then the number of judges. One page, with what each judge said.
 */
export async function listDisagreements(
  user: UserDto,
  studyId: number,
  page: number,
  whole = false,
): Promise<DisagreementList> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const study = await db.study.findUniqueOrThrow({ where: { id: studyId }, select: { id: true, name: true } });
  if (!whole) {
    const { total, keys } = await disagreementPage(studyId, page, PAGE_SIZE);
    return { study, total, page, pageSize: PAGE_SIZE, rows: await disagreementRows(db, studyId, keys) };
  }
  // an export: every page, EXPORT_PAGE_SIZE at a time (a page's keys are one list bound into a statement)
  const rows: DisagreementList["rows"] = [];
  let total = 0;
  for (let p = 1; ; p++) {
    const next = await disagreementPage(studyId, p, EXPORT_PAGE_SIZE);
    total = next.total;
    rows.push(...(await disagreementRows(db, studyId, next.keys)));
    if (next.keys.length < EXPORT_PAGE_SIZE) break;
  }
  return { study, total, page: 1, pageSize: Math.max(1, rows.length), rows };
}

/** The disagreeing targets of one page with what each judge said, in the page's order. */
async function disagreementRows(
  db: Db,
  studyId: number,
  keys: readonly { k: string; spread: number }[],
): Promise<DisagreementList["rows"]> {
  const labels = await readInChunks(
    keys.map((k) => k.k),
    (chunk) =>
      db.label.findMany({
        where: { studyId, targetKey: { in: chunk } },
        select: {
          targetKey: true,
          value: true,
          scale: true,
          judge: { select: { name: true, kind: true } },
          query: { select: { id: true, externalId: true, title: true, body: true } },
          nugget: { select: { position: true, text: true } },
          document: { select: { id: true, externalId: true, title: true, path: true } },
        },
        orderBy: [{ judge: { kind: "desc" } }, { judge: { name: "asc" } }],
      }),
  );
  const byTarget = new Map<string, typeof labels>();
  for (const l of labels) (byTarget.get(l.targetKey) ?? byTarget.set(l.targetKey, []).get(l.targetKey)!).push(l);
  const rows = keys.flatMap(({ k, spread }) => {
    const mine = byTarget.get(k) ?? [];
    const first = mine[0];
    if (!first?.query || !first.document) return [];
    return [
      {
        targetKey: k,
        strength: spread,
        question: {
          id: first.query.id,
          externalId: first.query.externalId,
          title: questionTitle(first.query.title, first.query.body),
        },
        nugget: first.nugget,
        chunk: first.document,
        labels: mine.map((l) => ({
          judge: l.judge.name,
          kind: l.judge.kind === "human" ? ("human" as const) : ("model" as const),
          text: levelText(l.scale, l.value),
          positive: labelPosition(l.scale, l.value)?.positive ?? null,
        })),
      },
    ];
  });
  return rows;
}
