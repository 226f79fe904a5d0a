/** A question's tags from its metadata JSON ({"tags": [...]}); none when absent or malformed. */
export function tagsOf(metadata: string): string[] {
  try {
    const tags = (JSON.parse(metadata) as { tags?: unknown }).tags;
    return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/** A question's (or chunk's) group: its collection, search engine or group in its metadata; null without one. */
export function collectionOf(metadata: string): string | null {
  if (metadata === "{}" || !metadata) return null;
  try {
    const m = JSON.parse(metadata) as Record<string, unknown>;
    const value = m.collection ?? m.engine ?? m.group;
    return typeof value === "string" && value ? value : null;
  } catch {
    return null;
  }
}
