import "server-only";

const PAGE = 1000;

/** Yields all rows of a query in id order, one page at a time, so memory stays bounded. */
export async function* paged<T extends { id: number }>(
  fetch: (afterId: number, take: number) => Promise<T[]>,
): AsyncGenerator<T> {
  let afterId = 0;
  for (;;) {
    const rows = await fetch(afterId, PAGE);
    yield* rows;
    if (rows.length < PAGE) return;
    afterId = rows[rows.length - 1]!.id;
  }
}
