import "server-only";
import { tagsOf } from "@/lib/domain/query-metadata";
import type { AgreementQuery } from "@/lib/schemas/agreement";
import type { Db } from "../db/client";

/**
 * Maps the raw group value of a counted pair (a query id, a nugget id or a criterion) to the group
 * names it belongs to: the question, the query's tags (several) or collection, "nugget <position>".
 */
export async function groupNamer(
  db: Db,
  studyId: number,
  group: AgreementQuery["group"],
): Promise<(raw: string | null) => string[]> {
  switch (group) {
    case "none":
      return () => [];
    case "criterion":
      return (raw) => [raw ?? "(none)"];
    case "nugget_position": {
      const nuggets = await db.nugget.findMany({ where: { studyId }, select: { id: true, position: true } });
      const position = new Map(nuggets.map((n) => [String(n.id), n.position]));
      return (raw) => [raw === null ? "(no nugget)" : `nugget ${position.get(raw) ?? "?"}`];
    }
    case "query":
    case "tag":
    case "collection": {
      const queries = await db.query.findMany({
        where: { studyId },
        select: { id: true, externalId: true, metadata: true },
      });
      const names = new Map(
        queries.map((q) => {
          if (group === "query") return [String(q.id), [q.externalId]];
          if (group === "collection") {
            const { collection } = JSON.parse(q.metadata) as { collection?: unknown };
            return [String(q.id), [typeof collection === "string" ? collection : "(none)"]];
          }
          const tags = tagsOf(q.metadata);
          return [String(q.id), tags.length ? tags : ["(untagged)"]];
        }),
      );
      return (raw) => (raw === null ? ["(no query)"] : (names.get(raw) ?? ["(no query)"]));
    }
  }
}
