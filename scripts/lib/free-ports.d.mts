/** Ports the operating system says are free right now, all distinct (scripts/lib/free-ports.mjs). */
export function freePorts(count: number): Promise<number[]>;
