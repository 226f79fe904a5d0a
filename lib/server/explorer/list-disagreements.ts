import "server-only";
import { labelPosition } from "@/lib/domain/explorer/consensus";
import { questionTitle } from "@/lib/domain/question-title";
import { levelText } from "@/lib/domain/scales";
import type { DisagreementList } from "@/lib/schemas/explorer";
import { getDb } from "../db/client";
import { disagreementPage } from "../db/explorer-counts";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

const PAGE_SIZE = 50;

/**
 * The study's pooled pairs whose judges disagree (LLMs with humans, or LLMs with each other, read
 * through each scale's binarization), the strongest first: the spread between the highest and the
 * lowest label, each scaled to 0..1, then the number of judges. One page, with what each judge said.
 */
export async function listDisagreements(user: UserDto, studyId: number, page: number): Promise<DisagreementList> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const [study, { total, keys }] = await Promise.all([
    db.study.findUniqueOrThrow({ where: { id: studyId }, select: { id: true, name: true } }),
    disagreementPage(studyId, page, PAGE_SIZE),
  ]);
  const labels = await db.label.findMany({
    where: { studyId, targetKey: { in: keys.map((k) => k.k) } },
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
  });
  const rows = keys.flatMap(({ k, spread }) => {
    const mine = labels.filter((l) => l.targetKey === k);
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
  return { study, total, page, pageSize: PAGE_SIZE, rows };
}
