/** Makes a SQLite database's file (and its folders, WAL and shared memory) its owner's alone; creates it empty when missing. */
export function secureSqliteFile(file: string): void;
