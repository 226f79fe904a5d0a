import "server-only";
import { nextTurn } from "../next-turn";

/**
 * libsql (0.5) frees a statement's rows, and a statement, when the event loop next turns, not
 * when the collector runs. Its calls resolve without ever yielding, so a loop of queries that
 * awaits nothing else (an export's pages, a report's chunks, an import's rankings) kept every
 * call's native memory: a study's bundle of 588,000 lines grew the process by 360 MB each time it
 * was read, and the server that sent it twice stood at 2.5 GB.
 *
 * So each SQLite query counts as one unit of work, and each 100 rows it read as one more; once
 * WORK_BETWEEN_TURNS units ran without the event loop turning, the next query waits for a turn.
 */
const WORK_BETWEEN_TURNS = 100;
const ROWS_PER_UNIT = 100;

let work = 0;
let resetScheduled = false;

/**
 * Awaited before each SQLite query: a turn of the event loop (nextTurn, which also lets other
 * requests in) when the work since the last one is due; otherwise nothing to wait for.
 */
export function sqliteTurn(): Promise<void> | undefined {
  work++;
  if (!resetScheduled) {
    resetScheduled = true;
    setImmediate(() => {
      work = 0;
      resetScheduled = false;
    });
  }
  return work > WORK_BETWEEN_TURNS ? nextTurn() : undefined;
}

/** Counts the rows a query read (call it after the query): they weigh on the next sqliteTurn. */
export function sqliteRowsRead(rows: number): void {
  work += rows / ROWS_PER_UNIT;
}
