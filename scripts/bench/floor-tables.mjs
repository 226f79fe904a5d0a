// The tables an import of the FreshStack-scale study writes, parents first: what both floors load.
export const FLOOR_TABLES = [
  "Study",
  "Query",
  "Nugget",
  "Document",
  "PoolEntry",
  "Judge",
  "Label",
  "System",
  "RunEntry",
];
