import "server-only";
import crypto from "node:crypto";
import { templateContent, type JudgeTemplate } from "@/lib/domain/judging/judge-template";

/**
 * A template version's identity: the SHA-256 of its canonical content (hex). Saving a changed
 * template makes a new version; the same content is the same version wherever it is saved.
 */
export const templateVersion = (template: JudgeTemplate): string =>
  crypto.createHash("sha256").update(templateContent(template)).digest("hex");
