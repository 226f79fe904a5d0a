import "server-only";
import { nextTurn } from "../next-turn";

/**
 * libsql (0.5) frees a statement's rows, and a statement, when the event loop next turns, not
 * when the collector runs. Its calls resolve without ever yielding, so a loop of queries that
 * awaits nothing else (an export's pages, a report's chunks) kept every call's native memory: a
 * study's bundle of 588,000 lines grew the process by 360 MB each time it was read, and the
 * server that sent it twice stood at 2.5 GB.
 */
const QUERIES_BETWEEN_TURNS = 100;

let sinceTurn = 0;
let resetScheduled = false;

/**
 * Awaited before each SQLite query: once QUERIES_BETWEEN_TURNS have run without the event loop
 * turning, a turn (nextTurn), which also lets other requests in; otherwise nothing to wait for.
 */
export function sqliteTurn(): Promise<void> | undefined {
  sinceTurn++;
  if (!resetScheduled) {
    resetScheduled = true;
    setImmediate(() => {
      sinceTurn = 0;
      resetScheduled = false;
    });
  }
  return sinceTurn > QUERIES_BETWEEN_TURNS ? nextTurn() : undefined;
}
