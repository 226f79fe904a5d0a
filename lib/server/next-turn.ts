/** Lets timers, I/O and signal handlers run (SQLite's calls resolve without ever yielding). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * For a long loop of work on one request: a function to await between steps, which gives the
 * process a turn (nextTurn) once `everyMs` have passed since the last, so other requests are
 * answered while the loop runs.
 */
export function turnsEvery(everyMs: number): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < everyMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
