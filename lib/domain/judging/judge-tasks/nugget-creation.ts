import { readImportance } from "../nuggetizer-prompts";
import { pythonListRepr, readPythonStringList } from "../python-literals";
import type { CallTexts, JudgeTaskDefinition, PromptInputs } from "./judge-task";

/** A question's sample for nuggetizer's tasks: every question, or N random ones. */
const QUESTION_SAMPLES = { all_pairs: "Every question", random_questions: "N random questions" };

/** What nuggetizer's prompts show of the nuggets so far (or of a window to grade): Python's str(list), and its length. */
const nuggetInputs = (texts: CallTexts): PromptInputs => ({
  question: texts.question,
  nuggets: pythonListRepr(texts.nuggets.map((n) => n.text)),
  nuggets_length: String(texts.nuggets.length),
});

/**
 * A question's nuggets written by an LLM from the passages a label set marks relevant, as
 * castorini/nuggetizer's creator writes them (the TREC 2024 and 2025 RAG tracks): one call of the
 * run per question asks once a window of passages (and again after a reply that does not parse),
 * each time with the nuggets so far, and the last list is the question's nuggets in the run's new
 * nugget set. Its calibration is a nugget quality campaign on that set.
 */
export const nuggetCreation: JudgeTaskDefinition<"nugget_creation"> = {
  id: "nugget_creation",
  label: "Nugget creation from a question's relevant passages (nuggetizer)",
  fields: ["question", "passages", "nuggets", "nuggets_length"],
  required: ["question", "passages", "nuggets"],
  scales: ["nugget-importance"],
  unit: "question",
  pairTarget: null,
  bothOrders: false,
  labelKind: "nuggets",
  campaignTask: "nugget_quality",
  sampleLabels: {
    all_pairs: `${QUESTION_SAMPLES.all_pairs} with relevant passages`,
    random_questions: `${QUESTION_SAMPLES.random_questions} with relevant passages`,
  },
  sampleSizes: { random_questions: "Questions" },
  promptInputs: (texts) => ({
    ...nuggetInputs(texts),
    // numbered from 1 in each window, without titles, as nuggetizer shows them
    passages: (texts.passages ?? []).map((p, i) => `[${i + 1}] ${p}`).join("\n"),
  }),
  partsOf: () => 1,
  /** One window's reply: the nuggets it lists (nuggetizer's reading; see readPythonStringList). */
  readReply: (_rule, reply) => {
    const nuggets = readPythonStringList(reply);
    return nuggets ? { levels: nuggets } : { error: "the reply is not a Python list of strings" };
  },
  callKeyOfLabel: ({ targetKey }) => targetKey,
};

/**
 * The importance of each nugget of a question in a nugget set an LLM made, vital or okay, as
 * nuggetizer's scorer gives it: one call of the run per question asks once a window of 10 nuggets
 * (and again after a reply that does not give one label a nugget).
 */
export const nuggetImportance: JudgeTaskDefinition<"nugget_importance"> = {
  id: "nugget_importance",
  label: "Nugget importance, vital or okay (nuggetizer)",
  fields: ["question", "nuggets", "nuggets_length"],
  required: ["question", "nuggets"],
  scales: ["nugget-importance"],
  unit: "question",
  pairTarget: null,
  bothOrders: false,
  labelKind: "importance",
  campaignTask: "nugget_quality",
  sampleLabels: {
    all_pairs: `${QUESTION_SAMPLES.all_pairs} with nuggets in the set`,
    random_questions: `${QUESTION_SAMPLES.random_questions} with nuggets in the set`,
  },
  sampleSizes: { random_questions: "Questions" },
  promptInputs: nuggetInputs,
  partsOf: (texts) => texts.nuggets.length,
  /** One window's reply: exactly one label a nugget of the window, vital or okay in any case. */
  readReply: (_rule, reply, parts) => {
    const labels = readImportance(reply, parts);
    return labels ? { levels: labels } : { error: `the reply is not a Python list of ${parts} labels, vital or okay` };
  },
  callKeyOfLabel: ({ targetKey }) => targetKey,
};
