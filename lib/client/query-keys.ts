/** react-query key factories: one place, so invalidation is exact. */
export const queryKeys = {
  me: {
    all: ["me"] as const,
    campaigns: () => [...queryKeys.me.all, "campaigns"] as const,
    tokens: () => [...queryKeys.me.all, "tokens"] as const,
  },
  campaigns: {
    all: ["campaigns"] as const,
    workspace: (campaignId: number) => [...queryKeys.campaigns.all, campaignId, "workspace"] as const,
    item: (campaignId: number, itemId: number) => [...queryKeys.campaigns.all, campaignId, "item", itemId] as const,
    progress: (campaignId: number) => [...queryKeys.campaigns.all, campaignId, "progress"] as const,
    adjudication: (campaignId: number) => [...queryKeys.campaigns.all, campaignId, "adjudication"] as const,
    adjudicationItem: (campaignId: number, itemId: number) =>
      [...queryKeys.campaigns.all, campaignId, "adjudication", itemId] as const,
  },
  studies: {
    all: ["studies"] as const,
    members: (studyId: number) => [...queryKeys.studies.all, studyId, "members"] as const,
  },
  users: {
    all: ["users"] as const,
  },
  judging: {
    endpoints: ["judging", "endpoints"] as const,
    templates: (studyId: number) => ["judging", "templates", studyId] as const,
    runs: (studyId: number) => ["judging", "runs", studyId] as const,
    run: (studyId: number, runId: number) => ["judging", "runs", studyId, runId] as const,
    calibration: (studyId: number, human: string, ensemble: string) =>
      ["judging", "calibration", studyId, human, ensemble] as const,
  },
};
