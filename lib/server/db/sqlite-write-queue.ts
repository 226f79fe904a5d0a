import "server-only";

/**
 * One writer at a time per process on SQLite. The libsql driver is synchronous: a connection
 * waiting for SQLite's write lock blocks the event loop, so the transaction holding the lock (on
 * another connection of the same process) can never finish, and both fail after the busy timeout.
 * Queuing writes in the process avoids that; SQLite's busy timeout still covers other processes.
 */
const state = globalThis as unknown as { assaySqliteWrites?: Promise<unknown> };

export function queueSqliteWrite<T>(work: () => Promise<T>): Promise<T> {
  const previous = state.assaySqliteWrites ?? Promise.resolve();
  const run = previous.then(work, work);
  state.assaySqliteWrites = run.catch(() => undefined);
  return run;
}
