import "server-only";
import {
  closeSharedConnections,
  sqlOf,
  txOf,
  withBulkTransaction as bulk,
  withTransaction as short,
  type Tx,
} from "./sql-connection";

export type { Tx };
export { closeSharedConnections };

/**
 * Runs `work` in one short transaction on the process's shared connection (the annotation hot
 * path): committed when it returns, rolled back when it throws. SQLite's write lock is taken up
 * front. `work` passes the handle to the query modules of lib/server/db.
 */
export const withTransaction = <T>(work: (tx: Tx) => Promise<T>): Promise<T> =>
  short((connection) => work(txOf(connection)));

/**
 * The same for work that acknowledges nothing a user made (claiming or renewing a seat's lease):
 * it returns without waiting for the disk. A crash of the process loses nothing; a power cut may
 * forget the last leases, which only frees those seats again (a save then takes its seat back, or
 * says the hold was lost). Labels always go through withTransaction.
 */
export const withLeaseTransaction = <T>(work: (tx: Tx) => Promise<T>): Promise<T> =>
  short((connection) => work(txOf(connection)), { durable: false });

/** The same on a fresh connection, for long bulk work (imports, creating a campaign's seats). */
export const withBulkTransaction = <T>(work: (tx: Tx) => Promise<T>, url?: string): Promise<T> =>
  bulk((connection) => work(txOf(connection)), url);

/** A timestamp as the database stores it (what a bulk row holds for a DateTime column). */
export const dbTimestamp = (tx: Tx, date: Date): unknown => sqlOf(tx).timestamp(date);
