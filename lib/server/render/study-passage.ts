import "server-only";
import {
  passageDisplaySchema,
  passageKind,
  passageKindSchema,
  type PassageDisplay,
} from "@/lib/domain/passages/passage-kind";
import { getDb } from "../db/client";
import { renderPassage, type RenderedPassage } from "./render-passage";

/** A study's setting of how its passages are shown (auto unless a researcher chose). */
export async function passageDisplayOf(studyId: number): Promise<PassageDisplay> {
  const study = await (await getDb()).study.findUnique({ where: { id: studyId }, select: { passageDisplay: true } });
  return passageDisplaySchema.catch("auto").parse(study?.passageDisplay);
}

/**
 * One of a study's documents as its readers see it: of the kind its import set, else the study's
 * setting, else its language says (passageKind), with the question's terms marked when given.
 */
export function renderDocument(
  doc: { text: string; language: string | null; display: string | null },
  display: PassageDisplay,
  terms: readonly string[] = [],
): Promise<RenderedPassage> {
  const document = passageKindSchema.nullable().catch(null).parse(doc.display);
  const kind = passageKind({ language: doc.language, document, study: display });
  return renderPassage(doc.text, kind, { language: doc.language, terms });
}
