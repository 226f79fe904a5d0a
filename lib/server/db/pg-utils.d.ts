// node-postgres's value serializer (pg/lib/utils, a public export of the package), which its types leave out.
declare module "pg/lib/utils" {
  /** A query parameter as the text node-postgres sends (null for NULL). */
  export function prepareValue(value: unknown): string | Buffer | null;
}
