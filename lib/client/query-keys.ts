/** react-query key factories: one place, so invalidation is exact. */
export const queryKeys = {
  me: {
    all: ["me"] as const,
    campaigns: () => [...queryKeys.me.all, "campaigns"] as const,
  },
  studies: {
    all: ["studies"] as const,
    list: () => [...queryKeys.studies.all, "list"] as const,
    overview: (studyId: number) => [...queryKeys.studies.all, studyId, "overview"] as const,
  },
};
