// The demo's TREC RAG study: the Lindenfeld riders' questions (relevance-passages.ts) answered by
// three RAG systems citing the passages that answer them, the nuggets an answer should hold (vital
// or okay, as the TREC RAG track grades them), written for the demo from those passages.

export type DemoNugget = { text: string; importance: "vital" | "okay"; source: string };

/** Each question's nuggets, in order, each with the passage that states it. */
export const RAG_NUGGETS: Record<string, DemoNugget[]> = {
  "lt-1": [
    { text: "On Friday and Saturday nights the trams run until 2:30 a.m.", importance: "vital", source: "lt-1-a" },
    { text: "The last Sunday trams leave the termini at 12:45 a.m.", importance: "vital", source: "lt-1-a" },
    { text: "Lines 1 to 6 run all night on Saturdays, every 30 minutes", importance: "okay", source: "lt-1-b" },
    { text: "Line 7 stops at midnight", importance: "okay", source: "lt-1-b" },
  ],
  "lt-2": [
    { text: "Bicycles may ride outside the weekday peaks", importance: "vital", source: "lt-2-a" },
    { text: "A bicycle needs its own reduced-fare ticket", importance: "vital", source: "lt-2-a" },
    { text: "Folded bicycles ride free at any time", importance: "okay", source: "lt-2-b" },
    { text: "Wheelchairs and prams have priority in the multi-purpose area", importance: "okay", source: "lt-2-b" },
  ],
  "lt-3": [
    { text: "A monthly pass can be returned until the 10th of its month", importance: "vital", source: "lt-3-a" },
    { text: "The refund is the full price minus a 5 euro fee", importance: "vital", source: "lt-3-a" },
    { text: "The pass can be returned in the app under Tickets", importance: "okay", source: "lt-3-c" },
  ],
  "lt-4": [
    { text: "Tram line 4 goes to the airport", importance: "vital", source: "lt-4-a" },
    { text: "The ride from the central station takes 28 minutes", importance: "okay", source: "lt-4-a" },
    { text: "At night the airport bus N4 replaces line 4", importance: "okay", source: "lt-4-c" },
  ],
  "lt-5": [
    { text: "Every tram is a low-floor tram with level entry", importance: "vital", source: "lt-5-a" },
    { text: "92 of the 104 stops have raised platforms", importance: "okay", source: "lt-5-a" },
    {
      text: "A ramp folds out at the blue door where there is no raised platform",
      importance: "vital",
      source: "lt-5-c",
    },
  ],
  "lt-6": [
    { text: "An unstamped ticket costs a 60 euro penalty fare", importance: "vital", source: "lt-6-a" },
    { text: "The fare drops to 7 euros with a monthly pass shown within a week", importance: "okay", source: "lt-6-a" },
    { text: "Forgetting to stamp is no excuse", importance: "okay", source: "lt-6-c" },
  ],
};

/** The three RAG systems and how often each states a nugget in full (else partly, or not at all). */
export const RAG_SYSTEMS = [
  { name: "rag-bm25-gpt4o", full: 0.75, partial: 0.15 },
  { name: "rag-dense-llama", full: 0.45, partial: 0.25 },
  { name: "rag-hybrid-qwen", full: 0.6, partial: 0.2 },
] as const;
