/**
 * The name of the model judge a run writes its labels as: the template and the first 8 digits of
 * its version, the model, "via" the endpoint when it is named (a second server serving the same
 * model name; a "+" in its name, which joins judges in label-set names, becomes "-"), and the
 * temperature and seed when they are not the defaults (0, none). Runs that agree on all of these
 * write the same judge (a rerun refreshes its labels, from the cache).
 */
export function runJudgeName(o: {
  templateName: string;
  templateVersion: string;
  model: string;
  endpoint?: string;
  temperature: number;
  seed: number | null;
}): string {
  const parts = [`${o.templateName}@${o.templateVersion.slice(0, 8)}`, o.model];
  if (o.endpoint !== undefined) parts.push(`via ${o.endpoint.replaceAll("+", "-")}`);
  if (o.temperature !== 0) parts.push(`t=${o.temperature}`);
  if (o.seed !== null) parts.push(`seed=${o.seed}`);
  return parts.join(" · ");
}
