/** Lets timers, I/O and signal handlers run (SQLite's calls resolve without ever yielding). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
