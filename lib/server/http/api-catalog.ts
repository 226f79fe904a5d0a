import "server-only";
import { z } from "zod";
import { agreementQuerySchema, agreementReportSchema } from "@/lib/schemas/agreement";
import {
  apiTokenListSchema,
  apiTokenParamsSchema,
  apiTokenSchema,
  createdApiTokenSchema,
  newApiTokenSchema,
} from "@/lib/schemas/api-tokens";
import { campaignAgreementQuerySchema, campaignAgreementReportSchema } from "@/lib/schemas/campaign-agreement";
import { campaignChangeSchema, strandedActionSchema } from "@/lib/schemas/campaign-admin";
import {
  campaignDraftSchema,
  campaignIdParamsSchema,
  campaignItemParamsSchema,
  campaignProgressSchema,
  claimResultSchema,
  createdCampaignSchema,
  myCampaignSchema,
  samplePreviewSchema,
  saveAnnotationSchema,
  savedAnnotationSchema,
  workspaceItemSchema,
  workspaceSchema,
} from "@/lib/schemas/campaigns";
import { correctedEstimatesQuerySchema, correctedEstimatesSchema } from "@/lib/schemas/corrected-estimates";
import { driftQuerySchema, driftReportSchema } from "@/lib/schemas/drift";
import { impactQuerySchema, impactReportSchema } from "@/lib/schemas/impact";
import { exportQuerySchema, importSummarySchema, importUploadQuerySchema } from "@/lib/schemas/imports";
import { judgeAgreementQuerySchema, judgeAgreementSchema } from "@/lib/schemas/judge-agreement";
import {
  endpointChangeSchema,
  endpointCheckSchema,
  endpointListSchema,
  endpointParamsSchema,
  endpointSchema,
  judgeRunActionSchema,
  judgeRunDetailSchema,
  judgeRunParamsSchema,
  judgeRunSchema,
  calibrationQuerySchema,
  calibrationSchema,
  fewShotRequestSchema,
  newEndpointSchema,
  newJudgeRunSchema,
  templateListSchema,
  templateVersionSchema,
} from "@/lib/schemas/judging";
import { judgeTemplateSchema } from "@/lib/domain/judging/judge-template";
import { addMemberSchema, memberChangeSchema, memberParamsSchema, membersSchema } from "@/lib/schemas/members";
import { nuggetQualityQuerySchema, nuggetQualityReportSchema } from "@/lib/schemas/nugget-quality";
import { addedNuggetSchema, newNuggetSchema } from "@/lib/schemas/nuggets";
import { preferenceQuerySchema, preferenceReportSchema } from "@/lib/schemas/preferences";
import { resourceQuerySchema, resourceReportSchema } from "@/lib/schemas/resources";
import {
  createdStudySchema,
  newStudySchema,
  studyIdParamsSchema,
  studyJudgesSchema,
  studyOverviewSchema,
  studySettingsSchema,
  studyRunsSchema,
  studySummarySchema,
} from "@/lib/schemas/studies";
import {
  adminUserSchema,
  createdAccountSchema,
  newAccountSchema,
  passwordLinkParamsSchema,
  passwordLinkSchema,
  passwordSchema,
  setPasswordSchema,
  userChangeSchema,
  userIdParamsSchema,
} from "@/lib/schemas/users";
import type { UserRole } from "@/lib/domain/roles";

/**
 * An API route as the OpenAPI document describes it and as `route()` checks it: the roles, whether
 * a token may call it, the zod schemas of its path, query and body, and what it answers. A route
 * file spreads its entry into its `route()` spec, so the document shows the schemas the route uses
 * (lib/server/http/openapi.test.ts checks every route against its entry).
 */
export type Endpoint = {
  summary: string;
  tag: string;
  roles?: readonly UserRole[];
  tokens?: boolean;
  /** A route anyone may call (the invite link is its own credential; the health probe). */
  public?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body is a file, sent raw (any import format), with the options in the query string. */
  upload?: true;
  /** The JSON answer (a download: a file, streamed). */
  response: z.ZodType | "download";
  /** `?format=csv` answers the report as text/csv. */
  csvReport?: true;
};

const STAFF = ["admin", "researcher"] as const;
const ADMIN = ["admin"] as const;

export const API = {
  "GET /api/health": {
    summary: "Liveness: whether the server and its database answer",
    tag: "server",
    public: true,
    response: z.object({ ok: z.boolean() }),
  },
  "GET /api/studies": {
    summary: "The studies the caller may open as a researcher (with a token: of the token's studies)",
    tag: "studies",
    roles: STAFF,
    response: z.object({ studies: z.array(studySummarySchema) }),
  },
  "POST /api/studies": {
    summary: "Create a study (in the browser only)",
    tag: "studies",
    roles: STAFF,
    tokens: false,
    body: newStudySchema,
    response: createdStudySchema,
  },
  "GET /api/studies/{studyId}": {
    summary: "A study's counts, judges and campaigns",
    tag: "studies",
    roles: STAFF,
    params: studyIdParamsSchema,
    response: studyOverviewSchema,
  },
  "PATCH /api/studies/{studyId}": {
    summary: "Change a study's settings: how its passages are shown (auto, code, prose or markdown)",
    tag: "studies",
    roles: STAFF,
    params: studyIdParamsSchema,
    body: studySettingsSchema,
    response: studySettingsSchema,
  },
  "GET /api/studies/{studyId}/judges": {
    summary: "A study's judges with their labels by target type and scale",
    tag: "studies",
    roles: STAFF,
    params: studyIdParamsSchema,
    response: studyJudgesSchema,
  },
  "GET /api/studies/{studyId}/runs": {
    summary: "A study's systems: their ranked runs and RAG answers",
    tag: "studies",
    roles: STAFF,
    params: studyIdParamsSchema,
    response: studyRunsSchema,
  },
  "GET /api/studies/{studyId}/members": {
    summary: "A study's members",
    tag: "members",
    roles: STAFF,
    params: studyIdParamsSchema,
    response: membersSchema,
  },
  "POST /api/studies/{studyId}/members": {
    summary: "Add an existing account to a study by email",
    tag: "members",
    roles: STAFF,
    params: studyIdParamsSchema,
    body: addMemberSchema,
    response: z.object({ userId: z.number(), added: z.boolean() }),
  },
  "PATCH /api/studies/{studyId}/members/{userId}": {
    summary: "Change a member's role in a study",
    tag: "members",
    roles: STAFF,
    params: memberParamsSchema,
    body: memberChangeSchema,
    response: z.object({ role: z.string() }),
  },
  "DELETE /api/studies/{studyId}/members/{userId}": {
    summary: "Take a member off a study (their labels stay; their held items are released)",
    tag: "members",
    roles: STAFF,
    params: memberParamsSchema,
    response: z.object({ removed: z.literal(true), released: z.number() }),
  },
  "POST /api/studies/{studyId}/imports": {
    summary: "Import one file (any import format) into a study: all or nothing, with a summary",
    tag: "data",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: importUploadQuerySchema,
    upload: true,
    response: importSummarySchema,
  },
  "GET /api/studies/{studyId}/exports": {
    summary: "Download labels, annotations or the whole study (streamed); with check=1, only whether it can be made",
    tag: "data",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: exportQuerySchema,
    response: "download",
  },
  "POST /api/studies/{studyId}/nuggets": {
    summary: "Add a nugget to a question (a missing nugget from a review)",
    tag: "data",
    roles: STAFF,
    params: studyIdParamsSchema,
    body: newNuggetSchema,
    response: addedNuggetSchema,
  },
  "POST /api/studies/{studyId}/campaigns": {
    summary: "Create and start a campaign",
    tag: "campaigns",
    roles: STAFF,
    params: studyIdParamsSchema,
    body: campaignDraftSchema,
    response: createdCampaignSchema,
  },
  "POST /api/studies/{studyId}/campaigns/preview": {
    summary: "What a campaign draft would sample, without creating it",
    tag: "campaigns",
    roles: STAFF,
    params: studyIdParamsSchema,
    body: campaignDraftSchema,
    response: samplePreviewSchema,
  },
  "GET /api/studies/{studyId}/reports/agreement": {
    summary: "Agreement between two label sets (kappa, alpha, confusion matrix)",
    tag: "reports",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: agreementQuerySchema,
    response: agreementReportSchema,
    csvReport: true,
  },
  "GET /api/studies/{studyId}/reports/campaign-agreement": {
    summary: "A campaign's annotators with each other and with its LLM",
    tag: "reports",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: campaignAgreementQuerySchema,
    response: campaignAgreementReportSchema,
    csvReport: true,
  },
  "GET /api/studies/{studyId}/reports/corrected-estimates": {
    summary: "An LLM's labels corrected by people's (PPI++)",
    tag: "reports",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: correctedEstimatesQuerySchema,
    response: correctedEstimatesSchema,
    csvReport: true,
  },
  "GET /api/studies/{studyId}/reports/drift": {
    summary: "Two snapshots of one benchmark compared",
    tag: "reports",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: driftQuerySchema,
    response: driftReportSchema,
    csvReport: true,
  },
  "GET /api/studies/{studyId}/reports/impact": {
    summary: "The leaderboard under two label sets",
    tag: "reports",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: impactQuerySchema,
    response: impactReportSchema,
    csvReport: true,
  },
  "GET /api/studies/{studyId}/reports/judge-agreement": {
    summary: "Every judge against a reference judge",
    tag: "reports",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: judgeAgreementQuerySchema,
    response: judgeAgreementSchema,
    csvReport: true,
  },
  "GET /api/studies/{studyId}/reports/nugget-quality": {
    summary: "A nugget-quality campaign's precision, recall and groundedness",
    tag: "reports",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: nuggetQualityQuerySchema,
    response: nuggetQualityReportSchema,
    csvReport: true,
  },
  "GET /api/studies/{studyId}/reports/preferences": {
    summary: "Preferences between systems' answers, per criterion",
    tag: "reports",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: preferenceQuerySchema,
    response: preferenceReportSchema,
    csvReport: true,
  },
  "GET /api/studies/{studyId}/reports/resources": {
    summary: "Federated search: each engine's resources under two label sets",
    tag: "reports",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: resourceQuerySchema,
    response: resourceReportSchema,
    csvReport: true,
  },
  "GET /api/campaigns/{campaignId}/progress": {
    summary: "A campaign's progress, per annotator, with the reveal effect",
    tag: "campaigns",
    roles: STAFF,
    params: campaignIdParamsSchema,
    response: campaignProgressSchema,
  },
  "PATCH /api/campaigns/{campaignId}": {
    summary: "Pause, resume or close a campaign; edit its guidelines or annotators",
    tag: "campaigns",
    roles: STAFF,
    params: campaignIdParamsSchema,
    body: campaignChangeSchema,
    response: z.object({ status: z.string() }),
  },
  "POST /api/campaigns/{campaignId}/items/{itemId}/seats": {
    summary: "Reopen, reassign or close an item whose open seats nobody can take",
    tag: "campaigns",
    roles: STAFF,
    params: campaignItemParamsSchema,
    body: strandedActionSchema,
    response: z.object({ changed: z.number() }),
  },
  "GET /api/me/campaigns": {
    summary: "The campaigns the caller annotates",
    tag: "annotation",
    response: z.object({ campaigns: z.array(myCampaignSchema) }),
  },
  "GET /api/campaigns/{campaignId}/workspace": {
    summary: "An annotator's workspace of a campaign",
    tag: "annotation",
    params: campaignIdParamsSchema,
    response: workspaceSchema,
  },
  "POST /api/campaigns/{campaignId}/claim": {
    summary: "Claim the annotator's next item",
    tag: "annotation",
    params: campaignIdParamsSchema,
    response: claimResultSchema,
  },
  "GET /api/campaigns/{campaignId}/items/{itemId}": {
    summary: "One item as its annotator sees it",
    tag: "annotation",
    params: campaignItemParamsSchema,
    response: workspaceItemSchema,
  },
  "PUT /api/campaigns/{campaignId}/items/{itemId}/annotation": {
    summary: "Save a label (idempotent by its client id)",
    tag: "annotation",
    params: campaignItemParamsSchema,
    body: saveAnnotationSchema,
    response: savedAnnotationSchema,
  },
  "POST /api/campaigns/{campaignId}/items/{itemId}/skip": {
    summary: "Skip an item",
    tag: "annotation",
    params: campaignItemParamsSchema,
    response: z.object({ skipped: z.literal(true) }),
  },
  "GET /api/me/tokens": {
    summary: "The caller's API tokens (in the browser only)",
    tag: "account",
    tokens: false,
    response: apiTokenListSchema,
  },
  "POST /api/me/tokens": {
    summary: "Create an API token; its secret is in this answer only (in the browser only)",
    tag: "account",
    tokens: false,
    body: newApiTokenSchema,
    response: createdApiTokenSchema,
  },
  "DELETE /api/me/tokens/{tokenId}": {
    summary: "Revoke one of the caller's API tokens (in the browser only)",
    tag: "account",
    tokens: false,
    params: apiTokenParamsSchema,
    response: apiTokenSchema,
  },
  "GET /api/admin/users": {
    summary: "Every account (admins, in the browser only)",
    tag: "admin",
    roles: ADMIN,
    tokens: false,
    response: z.object({ users: z.array(adminUserSchema) }),
  },
  "POST /api/admin/users": {
    summary: "Create an account, with a password or an invite link (admins, in the browser only)",
    tag: "admin",
    roles: ADMIN,
    tokens: false,
    body: newAccountSchema,
    response: createdAccountSchema,
  },
  "PATCH /api/admin/users/{userId}": {
    summary: "Change an account's role, name or whether it is disabled (admins, in the browser only)",
    tag: "admin",
    roles: ADMIN,
    tokens: false,
    params: userIdParamsSchema,
    body: userChangeSchema,
    response: adminUserSchema,
  },
  "POST /api/admin/users/{userId}/password": {
    summary: "Set a password, or issue a reset link (admins, in the browser only)",
    tag: "admin",
    roles: ADMIN,
    tokens: false,
    params: userIdParamsSchema,
    body: z.object({ password: passwordSchema.optional() }),
    response: z.object({ link: passwordLinkSchema.nullable() }),
  },
  "GET /api/judging/endpoints": {
    summary: "The registered LLM judge endpoints, where each key comes from, never a key",
    tag: "judging",
    roles: STAFF,
    response: endpointListSchema,
  },
  "POST /api/judging/endpoints": {
    summary:
      "Register an OpenAI-compatible endpoint and where its key comes from (admins; a read-write token of an admin may)",
    tag: "judging",
    roles: ADMIN,
    body: newEndpointSchema,
    response: endpointSchema,
  },
  "PATCH /api/judging/endpoints/{endpointId}": {
    summary: "Change an endpoint; its key only when a new source is given (admins, or an admin's read-write token)",
    tag: "judging",
    roles: ADMIN,
    params: endpointParamsSchema,
    body: endpointChangeSchema,
    response: endpointSchema,
  },
  "DELETE /api/judging/endpoints/{endpointId}": {
    summary: "Remove an endpoint and its key (admins, or an admin's read-write token)",
    tag: "judging",
    roles: ADMIN,
    params: endpointParamsSchema,
    response: z.object({ deleted: z.number() }),
  },
  "POST /api/judging/endpoints/{endpointId}/check": {
    summary:
      "Call an endpoint once with its key: whether it answers, how fast, and what (admins, or an admin's read-write token)",
    tag: "judging",
    roles: ADMIN,
    params: endpointParamsSchema,
    response: endpointCheckSchema,
  },
  "GET /api/studies/{studyId}/judge-templates": {
    summary:
      "The judge templates a study may run: the built-in ones and those saved in the study, each with its versions (content hashes), newest first",
    tag: "judging",
    roles: STAFF,
    params: studyIdParamsSchema,
    response: templateListSchema,
  },
  "POST /api/studies/{studyId}/judge-templates": {
    summary:
      "Save a judge template in the study: a new immutable version when its content changed (in the browser only)",
    tag: "judging",
    roles: STAFF,
    tokens: false,
    params: studyIdParamsSchema,
    body: judgeTemplateSchema,
    response: z.object({ version: templateVersionSchema, created: z.boolean() }),
  },
  "GET /api/studies/{studyId}/judge-runs": {
    summary: "A study's judge runs, newest first: what made their labels, progress, tokens, cost and ETA",
    tag: "judging",
    roles: STAFF,
    params: studyIdParamsSchema,
    response: z.object({ runs: z.array(judgeRunSchema) }),
  },
  "POST /api/studies/{studyId}/judge-runs": {
    summary: "Start a judge run: a template version over a sample of the study, through a registered endpoint",
    tag: "judging",
    roles: STAFF,
    params: studyIdParamsSchema,
    body: newJudgeRunSchema,
    response: z.object({ id: z.number(), calls: z.number(), judge: z.string() }),
  },
  "GET /api/studies/{studyId}/judge-runs/{runId}": {
    summary: "One judge run: its progress, and the calls that gave no label with their replies",
    tag: "judging",
    roles: STAFF,
    params: judgeRunParamsSchema,
    response: judgeRunDetailSchema,
  },
  "PATCH /api/studies/{studyId}/judge-runs/{runId}": {
    summary: "Pause, resume or cancel a judge run, or call again the calls that gave no label",
    tag: "judging",
    roles: STAFF,
    params: judgeRunParamsSchema,
    body: judgeRunActionSchema,
    response: judgeRunDetailSchema,
  },
  "GET /api/studies/{studyId}/reports/calibration": {
    summary:
      "Every judge the study's runs wrote against one human label set: agreement, confusion, leniency, cost per 1,000 labels and the disagreements with the judge's replies",
    tag: "judging",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: calibrationQuerySchema,
    response: calibrationSchema,
  },
  "POST /api/studies/{studyId}/judge-runs/examples": {
    summary:
      "A new version of a judge's template with chosen targets as few-shot examples, each with the people's label (not saved)",
    tag: "judging",
    roles: STAFF,
    params: studyIdParamsSchema,
    body: fewShotRequestSchema,
    response: z.object({ template: judgeTemplateSchema }),
  },
  "GET /api/openapi.json": {
    summary: "This document: the API as OpenAPI 3.1",
    tag: "server",
    public: true,
    response: z.record(z.string(), z.unknown()),
  },
  "POST /api/invites/{token}": {
    summary: "Set the password of the account an invite or reset link is for",
    tag: "account",
    public: true,
    params: passwordLinkParamsSchema,
    body: setPasswordSchema,
    response: z.object({ email: z.string() }),
  },
} as const satisfies Record<string, Endpoint>;

export type ApiKey = keyof typeof API;
