import "server-only";

/** True for Prisma's unique-constraint error (P2002), on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
