export function defaultSqliteFile(cwd?: string): string;
export function databaseUrl(env?: Record<string, string | undefined>): string;
export function providerOf(url: string): "postgres" | "sqlite";
export function describeUrl(url: string): string;
export function sqliteFileOf(url: string): string;
