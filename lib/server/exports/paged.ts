import "server-only";

const PAGE = 1000;

/** Yields all rows of a query in id order, one page at a time, so memory stays bounded. */
export async function* paged<T extends { id: number }>(
  fetch: (afterId: number, take: number) => Promise<T[]>,
): AsyncGenerator<T> {
  for await (const rows of pages(fetch)) yield* rows;
}

/** The pages themselves: `take` (1,000) rows at a time, from after id `from` (0). */
export async function* pages<T extends { id: number }>(
  fetch: (afterId: number, take: number) => Promise<T[]>,
  { take = PAGE, from = 0 }: { take?: number; from?: number } = {},
): AsyncGenerator<T[]> {
  let afterId = from;
  for (;;) {
    const rows = await fetch(afterId, take);
    if (rows.length) yield rows;
    if (rows.length < take) return;
    afterId = rows[rows.length - 1]!.id;
  }
}
