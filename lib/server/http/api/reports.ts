import "server-only";
import { agreementQuerySchema, agreementReportSchema } from "@/lib/schemas/agreement";
import { altTestQuerySchema, altTestReportSchema } from "@/lib/schemas/alt-test";
import { annotatorQualityQuerySchema, annotatorQualityReportSchema } from "@/lib/schemas/annotator-quality";
import { campaignAgreementQuerySchema, campaignAgreementReportSchema } from "@/lib/schemas/campaign-agreement";
import { correctedEstimatesQuerySchema, correctedEstimatesSchema } from "@/lib/schemas/corrected-estimates";
import { driftQuerySchema, driftReportSchema } from "@/lib/schemas/drift";
import { impactQuerySchema, impactReportSchema } from "@/lib/schemas/impact";
import { judgeAgreementQuerySchema, judgeAgreementSchema } from "@/lib/schemas/judge-agreement";
import { nuggetQualityQuerySchema, nuggetQualityReportSchema } from "@/lib/schemas/nugget-quality";
import { preferenceQuerySchema, preferenceReportSchema } from "@/lib/schemas/preferences";
import { resourceQuerySchema, resourceReportSchema } from "@/lib/schemas/resources";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { STAFF, type Endpoint } from "./endpoint";

/** The API's routes of the "reports" part (lib/server/http/api-catalog.ts collects every part). */
export const REPORTS_API = {
  "GET /api/studies/{studyId}/reports/agreement": {
    summary: "Agreement between two label sets (kappa, alpha, confusion matrix)",
    tag: "reports",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: agreementQuerySchema,
    response: agreementReportSchema,
    csvReport: true,
  },
  "GET /api/studies/{studyId}/reports/alt-test": {
    summary: "The Alternative Annotator Test: may each LLM judge replace a campaign's annotators?",
    tag: "reports",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: altTestQuerySchema,
    response: altTestReportSchema,
    csvReport: true,
  },
  "GET /api/studies/{studyId}/reports/annotator-quality": {
    summary: "A campaign's annotators: speed, drift, gold, adjudicated and LLM agreement, Dawid-Skene confusion",
    tag: "reports",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: annotatorQualityQuerySchema,
    response: annotatorQualityReportSchema,
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
} as const satisfies Record<string, Endpoint>;
