/** A question's page in the explorer, by the question's own id (as the imported files name it). */
export const questionPath = (studyId: number, externalId: string): string =>
  `/studies/${studyId}/explorer/questions/${encodeURIComponent(externalId)}`;
