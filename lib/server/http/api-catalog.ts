import "server-only";
import { ACCOUNT_API } from "./api/account";
import { ADJUDICATION_API } from "./api/adjudication";
import { ADMIN_API } from "./api/admin";
import { ANNOTATION_API } from "./api/annotation";
import { CAMPAIGNS_API } from "./api/campaigns";
import { DATA_API } from "./api/data";
import { EXPLORER_API } from "./api/explorer";
import { JUDGING_API } from "./api/judging";
import { MEMBERS_API } from "./api/members";
import { REPORTS_API } from "./api/reports";
import { SERVER_API } from "./api/server";
import { STUDIES_API } from "./api/studies";
import type { Endpoint } from "./api/endpoint";

/**
 * Every API route, one part per feature (lib/server/http/api/<part>.ts). A route file spreads its
 * entry into its `route()` spec, so the OpenAPI document shows the schemas the route uses
 * (lib/server/http/openapi.test.ts checks every route against its entry).
 */
export const API = {
  ...SERVER_API,
  ...STUDIES_API,
  ...EXPLORER_API,
  ...MEMBERS_API,
  ...DATA_API,
  ...CAMPAIGNS_API,
  ...REPORTS_API,
  ...ANNOTATION_API,
  ...ADJUDICATION_API,
  ...ACCOUNT_API,
  ...ADMIN_API,
  ...JUDGING_API,
} as const satisfies Record<string, Endpoint>;

export type ApiKey = keyof typeof API;
