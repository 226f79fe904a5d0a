import { z } from "zod";
import type { Scale } from "../scales";
import type { Protocol } from "../campaigns/protocol";

/**
 * The phase of an annotation: `blind` before the annotator saw any LLM label, `revised` after the
 * reveal of a blind-then-reveal campaign, `assisted` when the LLM label was shown from the start.
 */
export const annotationPhaseSchema = z.enum(["blind", "revised", "assisted"]);
export type AnnotationPhase = z.infer<typeof annotationPhaseSchema>;

/** The phase of an annotator's first label under a protocol. */
export function firstPhase(protocol: Protocol): AnnotationPhase {
  switch (protocol) {
    case "blind":
    case "blind_then_reveal":
      return "blind";
    case "assisted":
      return "assisted";
  }
}

/** The phase the annotator's next save on an item writes: the revision once a blind label exists under blind then reveal. */
export function nextPhase(protocol: Protocol, hasBlindLabel: boolean): AnnotationPhase {
  return protocol === "blind_then_reveal" && hasBlindLabel ? "revised" : firstPhase(protocol);
}

/** Whether `phase` may be saved under `protocol`, given whether the annotator's blind label exists. */
export function phaseAllowed(protocol: Protocol, phase: AnnotationPhase, hasBlindLabel: boolean): boolean {
  if (phase === "revised") return protocol === "blind_then_reveal" && hasBlindLabel;
  return phase === firstPhase(protocol);
}

/**
 * Whether the annotator may see the LLM's label: never under the blind protocol, only after their
 * blind label is stored under blind then reveal, from the start when assisted.
 */
export function llmLabelVisible(protocol: Protocol, hasBlindLabel: boolean): boolean {
  switch (protocol) {
    case "blind":
      return false;
    case "blind_then_reveal":
      return hasBlindLabel;
    case "assisted":
      return true;
  }
}

/** A support or relevance judgment: one level of the campaign's scale. */
export function judgmentSchema(scale: Scale) {
  const values = scale.levels.map((l) => l.value);
  return z.object({
    level: z.string().refine((v) => values.includes(v), { message: `must be one of ${values.join(", ")}` }),
  });
}
export type Judgment = { level: string };

/** The level a stored judgment (an annotation's JSON payload) carries; null when it carries none. */
export function levelOfPayload(payload: string): string | null {
  const level = (JSON.parse(payload) as { level?: unknown }).level;
  return typeof level === "string" ? level : null;
}

/** How long a claimed item stays reserved for its annotator without activity. */
export const LEASE_MS = 20 * 60 * 1000;
