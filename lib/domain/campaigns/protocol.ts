import { z } from "zod";

/** Annotation protocols: whether and when an annotator sees the LLM's label (docs/DOMAIN.md, "Protocols"). */
export const protocolSchema = z.enum(["blind", "blind_then_reveal", "assisted"]);
export type Protocol = z.infer<typeof protocolSchema>;

export const PROTOCOL_LABELS: Record<Protocol, string> = {
  blind: "Blind",
  blind_then_reveal: "Blind, then reveal",
  assisted: "Assisted",
};

/** Whether an annotator may see the LLM's label before committing their own. */
export function showsLlmLabelUpFront(protocol: Protocol): boolean {
  switch (protocol) {
    case "blind":
    case "blind_then_reveal":
      return false;
    case "assisted":
      return true;
  }
}
