import "server-only";
import { BUILTIN_TEMPLATES, builtinTemplate } from "@/lib/domain/judging/builtin-templates";
import {
  checkTemplate,
  judgeTemplateSchema,
  templateContent,
  type JudgeTemplate,
} from "@/lib/domain/judging/judge-template";
import type { TemplateVersionDto } from "@/lib/schemas/judging";
import { getDb } from "../db/client";
import { AppError, invalid } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { parseOrThrow } from "../validation";
import { templateVersion } from "./template-version";

/**
 * Judge templates: the built-in ones (in the code, one version each, for every study) and the ones
 * a study's researchers saved (model JudgeTemplate, owned by the study: a few-shot version quotes
 * the study's questions, chunks and labels), whose every saved change is a new immutable version
 * named by the SHA-256 of its content. Within a study a template is referred to as NAME (its newest
 * version) or NAME@VERSION (the version's hash or a prefix of it); another study's names mean nothing.
 */

const builtinVersion = (template: JudgeTemplate): TemplateVersionDto => ({
  name: template.name,
  version: templateVersion(template),
  builtin: true,
  template,
  createdBy: null,
  createdAt: null,
});

const VERSIONS_NEWEST_FIRST = { orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }] };

type StoredVersion = { version: string; content: string; createdBy: string | null; createdAt: Date };

const storedVersion = (name: string, v: StoredVersion): TemplateVersionDto => ({
  name,
  version: v.version,
  builtin: false,
  template: { name, ...judgeTemplateSchema.omit({ name: true }).parse(JSON.parse(v.content)) },
  createdBy: v.createdBy,
  createdAt: v.createdAt.toISOString(),
});

/** One template of the study (or a built-in one) with its versions, newest first, or null. */
async function templateNamed(studyId: number, name: string): Promise<{ versions: TemplateVersionDto[] } | null> {
  const builtin = builtinTemplate(name);
  if (builtin) return { versions: [builtinVersion(builtin)] };
  const db = await getDb();
  const saved = await db.judgeTemplate.findUnique({
    where: { studyId_name: { studyId, name } },
    include: { versions: VERSIONS_NEWEST_FIRST },
  });
  return saved && { versions: saved.versions.map((v) => storedVersion(saved.name, v)) };
}

/**
 * Every template a study may run, with its versions, newest first: the built-in ones, then the
 * study's saved ones by name (the caller has checked the study's access, or is the command line).
 */
export async function studyTemplates(
  studyId: number,
): Promise<{ name: string; builtin: boolean; versions: TemplateVersionDto[] }[]> {
  const db = await getDb();
  const saved = await db.judgeTemplate.findMany({
    where: { studyId },
    orderBy: { name: "asc" },
    include: { versions: VERSIONS_NEWEST_FIRST },
  });
  return [
    ...BUILTIN_TEMPLATES.map((t) => ({ name: t.name, builtin: true, versions: [builtinVersion(t)] })),
    ...saved.map((t) => ({ name: t.name, builtin: false, versions: t.versions.map((v) => storedVersion(t.name, v)) })),
  ];
}

/** The templates of a study its researcher (or an admin) may open. */
export async function listTemplates(user: UserDto, studyId: number) {
  await assertResearcherAccess(await getDb(), user, studyId);
  return studyTemplates(studyId);
}

/**
 * Saves a template in a study (its researchers, or an admin): a new version when its content
 * changed (or the first one of a new name), the existing version when it did not. A built-in name
 * cannot be saved over (save a copy under another name); a name keeps its task within the study.
 * Every problem names its field.
 */
export async function saveTemplate(
  user: UserDto,
  studyId: number,
  input: unknown,
  now = new Date(),
): Promise<{ version: TemplateVersionDto; created: boolean }> {
  const template = parseOrThrow(judgeTemplateSchema, input);
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const problems = checkTemplate(template);
  if (problems.length) throw invalid(problems.map((p) => `${p.path}: ${p.message}`).join("; "), problems);
  if (builtinTemplate(template.name))
    throw new AppError(
      "conflict",
      `name: "${template.name}" is a built-in template; save your version under another name`,
    );
  const version = templateVersion(template);
  return db.$transaction(async (tx) => {
    const saved =
      (await tx.judgeTemplate.findUnique({ where: { studyId_name: { studyId, name: template.name } } })) ??
      (await tx.judgeTemplate.create({ data: { studyId, name: template.name, task: template.task, createdAt: now } }));
    if (saved.task !== template.task)
      throw new AppError(
        "conflict",
        `task: "${template.name}" is a ${saved.task} template; save a ${template.task} template under another name`,
      );
    const known = await tx.judgeTemplateVersion.findUnique({
      where: { templateId_version: { templateId: saved.id, version } },
    });
    if (known) return { version: storedVersion(saved.name, known), created: false };
    const created = await tx.judgeTemplateVersion.create({
      data: {
        templateId: saved.id,
        version,
        content: templateContent(template),
        createdBy: user.email,
        createdAt: now,
      },
    });
    return { version: storedVersion(saved.name, created), created: true };
  });
}

/**
 * The version NAME or NAME@VERSION refers to in a study (NAME alone: its newest); an unknown one is
 * an "invalid" error on `field`.
 */
export async function resolveTemplate(
  studyId: number,
  reference: string,
  field = "template",
): Promise<TemplateVersionDto> {
  const at = reference.lastIndexOf("@");
  const name = (at < 0 ? reference : reference.slice(0, at)).trim();
  const wanted =
    at < 0
      ? null
      : reference
          .slice(at + 1)
          .trim()
          .toLowerCase();
  const entry = await templateNamed(studyId, name);
  if (!entry)
    throw invalid(`${field}: the study has no template named "${name}" (assay judge templates --study S lists them)`);
  if (wanted === null) return entry.versions[0]!;
  const matches = entry.versions.filter((v) => v.version.startsWith(wanted));
  if (wanted.length < 4 || matches.length === 0)
    throw invalid(
      `${field}: "${name}" has no version ${wanted} (its versions: ${entry.versions.map((v) => v.version.slice(0, 12)).join(", ")})`,
    );
  if (matches.length > 1)
    throw invalid(`${field}: ${wanted} is the start of several versions of "${name}"; give more of it`);
  return matches[0]!;
}
