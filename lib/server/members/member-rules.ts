import "server-only";

/** The refusal when `email` would become a researcher while annotating blind. */
export function blindRefusal(email: string, campaigns: string[]): string {
  const list = campaigns.map((c) => `"${c}"`).join(", ");
  return `role: ${email} annotates the running blind ${campaigns.length === 1 ? "campaign" : "campaigns"} ${list} of this study, and a researcher sees the LLM's labels; close ${campaigns.length === 1 ? "that campaign" : "those campaigns"} or take ${email} off ${campaigns.length === 1 ? "it" : "them"} first`;
}

/** The refusal when an annotator account would become a study's researcher. */
export function annotatorAccountRefusal(email: string): string {
  return `role: ${email} has an annotator account, which cannot open a study's reports; an admin can change the account's role on the Users page`;
}

/** The refusal when an admin account would annotate: an admin sees every study's LLM labels. */
export function adminAnnotatorRefusal(email: string): string {
  return `${email} has an admin account, which sees every study's LLM labels, so it cannot annotate; annotators have annotator or researcher accounts`;
}
