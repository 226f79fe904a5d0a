import type { SetLabel } from "../label-sets/label-set";
import { binarize, levelIndex, scaleById } from "../scales";
import { queryDocumentKey } from "../targets";
import {
  engineSummaries,
  relevantEngineHistogram,
  requestSummaries,
  resourceScores,
  type FederatedResult,
} from "./resource-selection";

/** A pooled document of a federated study, with the engine that returned it (in import order). */
export type FederatedEntry = { request: string; queryId: number; documentId: number; engine: string };

/**
 * A federated study's resources (FeB4RAG) under two label sets: each engine's graded precision per
 * request (FeB4RAG eq. 1), how many engines hold relevant results per request, and how far the
 * engines' order per request moves, the requests that move most first.
 */
export function buildResourcesReport(inputs: {
  sets: { a: string; b: string };
  pool: readonly FederatedEntry[];
  labels: { a: ReadonlyMap<string, SetLabel>; b: ReadonlyMap<string, SetLabel> };
  /** Each request's text, by request id. */
  texts: ReadonlyMap<string, string>;
}) {
  const results: FederatedResult[] = inputs.pool.map((row) => {
    const key = queryDocumentKey(row.queryId, row.documentId);
    return {
      request: row.request,
      engine: row.engine,
      a: gradeOf(inputs.labels.a.get(key)),
      b: gradeOf(inputs.labels.b.get(key)),
    };
  });
  const scores = resourceScores(results);
  const requests = requestSummaries(results, scores);
  const taus = requests.map((r) => r.tauB).filter((t): t is number => t !== null);
  const perEngine = engineSummaries(scores);
  return {
    sets: inputs.sets,
    engines: perEngine.map((e) => e.engine),
    requests: requests.length,
    unscored: { a: scores.filter((s) => s.a === null).length, b: scores.filter((s) => s.b === null).length },
    perEngine,
    relevantEngines: relevantEngineHistogram(requests, perEngine.length),
    meanTauB: taus.length === 0 ? null : taus.reduce((x, y) => x + y, 0) / taus.length,
    reordered: taus.filter((t) => t < 1).length,
    perRequest: requests
      .map((r) => ({ ...r, text: inputs.texts.get(r.request) ?? "" }))
      .sort((x, y) => y.change - x.change || x.request.localeCompare(y.request, "en", { numeric: true })),
    scores,
  };
}

/**
 * A label as FeB4RAG's 0-3 grade (its level on a four-level scale; labels on other scales have no
 * grade) and as relevant or not (the scale's binarization).
 */
function gradeOf(label: SetLabel | undefined): FederatedResult["a"] {
  const scale = label && scaleById(label.scale);
  if (!label || !scale) return { grade: null, relevant: null };
  return {
    grade: scale.levels.length === 4 ? levelIndex(scale, label.value) : null,
    relevant: binarize(scale, label.value),
  };
}

/** The report as the builder gives it (lib/schemas/resources.ts describes it over HTTP). */
export type ResourceReport = ReturnType<typeof buildResourcesReport>;
