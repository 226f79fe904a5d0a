import "server-only";
import { llmJudgeNames } from "@/lib/domain/label-sets/judge-set";
import { labelSetOptions } from "@/lib/domain/label-sets/registry";
import { choseNothing, defaultPair } from "@/lib/domain/report-defaults";
import type { NeedsStudy, ReportNeeds } from "@/lib/domain/report-needs";
import { impactQuerySchema, type ImpactQuery } from "@/lib/schemas/impact";
import { chosenLabelSets } from "@/lib/schemas/label-set-name";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "../auth/page-guards";
import { AppError } from "../errors";
import { getStudyHeader } from "../studies/get-study-header";
import type { UserDto } from "../users/user-dto";

/**
 * A report page's start: the caller must be an admin or a researcher of the study (anyone else
 * gets the not-found page), then the study's header (the judges and campaigns its forms offer)
 * and the search params.
 */
export async function reportPageContext(
  params: Promise<{ studyId: string }>,
  searchParams: Promise<Record<string, string>>,
) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId } = await pageParams(studyIdParamsSchema, params);
  const study = await orNotFound(getStudyHeader(user, studyId));
  return { user, study, search: await searchParams };
}

/**
 * Runs a report for a page: the report, or the refusal's message when the choice is invalid (the
 * page shows it beside its form); nothing to run (no choice made yet) gives neither. Not-found
 * becomes the not-found page; any other error is one.
 */
export async function reportOrRefusal<R>(
  run: (() => Promise<R>) | null,
): Promise<{ report: R | null; error: string | null }> {
  if (!run) return { report: null, error: null };
  try {
    return { report: await orNotFound(run()), error: null };
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== "invalid") throw e;
    return { report: null, error: e.message };
  }
}

/**
 * Why a report's choices do not parse, when the researcher made some of `keys` (a label set's name
 * with the wrong shape after its prefix, one of two sets missing): its first problem, named by its
 * field, for the page to show beside its form; null when they parse or nothing was chosen.
 */
export function queryRefusal(
  parsed: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
  search: Readonly<Record<string, string>>,
  keys: readonly string[],
): string | null {
  const issue = parsed.success || choseNothing(search, keys) ? undefined : parsed.error?.issues[0];
  return issue ? `${issue.path.map(String).join(".")}: ${issue.message}` : null;
}

/**
 * A page that scores the study under two label sets (Impact, Resources): `?a=&b=` and the report's
 * own choices, or, when nothing is chosen, the study's natural pair for a leaderboard
 * (report-defaults.ts); the report or the refusal; and what its form offers. `needs` says what the
 * study lacks for the report (report-needs.ts): then nothing is run.
 */
export async function labelSetPairPage<R>(
  params: Promise<{ studyId: string }>,
  searchParams: Promise<Record<string, string>>,
  load: (user: UserDto, studyId: number, query: ImpactQuery) => Promise<R>,
  needsOf: (study: NeedsStudy) => ReportNeeds | null = () => null,
) {
  const { user, study, search: given } = await reportPageContext(params, searchParams);
  const needs = needsOf(study);
  const chosen = choseNothing(given, ["a", "b"]) ? defaultPair(study, "leaderboard") : null;
  const search = chosen ? { ...given, ...chosen.choice } : given;
  const query = impactQuerySchema.safeParse(search);
  const { report, error } = await reportOrRefusal(
    query.success && !needs ? () => load(user, study.id, query.data) : null,
  );
  return {
    needs,
    study,
    sets: labelSetOptions(study),
    models: llmJudgeNames(study),
    query: query.success ? query.data : chosenLabelSets(search, ["a", "b"]),
    report,
    chosenFor: chosen?.why ?? null,
    error: error ?? queryRefusal(query, search, ["a", "b"]),
  };
}
