import { parseTrecMeasure, qrelsQuestions, trecRunValuesByQuestion } from "@/lib/domain/impact/trec-measures";
import { pairwiseSignificance } from "@/lib/domain/significance/pairwise-significance";
import { RANDOMIZATION_DEFAULTS } from "@/lib/domain/significance/randomization-test";
import { inputError, parseContractArgs } from "./contract-input";
import { readGradedQrels, scoreRunFiles } from "./retrieval-inputs";
import { printLine, type CliIo } from "../io";

const numberOrNull = (p: number) => (Number.isNaN(p) ? null : p);

/**
 * The stable `significance` contract: every pair of runs compared on one trec_eval measure over
 * every question of the qrels (trec_eval -c), by the paired t-test and the randomization test,
 * each adjusted by Holm over the pairs; one JSON line per pair of run tags in sorted order (a
 * before b). Bad input exits 2.
 */
export async function significanceCommand(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, {
    qrels: { type: "string" },
    run: { type: "string", multiple: true },
    metric: { type: "string" },
    "judged-only": { type: "boolean" },
    permutations: { type: "string" },
    seed: { type: "string" },
  });
  if (!values.qrels) throw inputError("--qrels is required");
  if (!values.run?.length) throw inputError("--run is required (two or more runs, in one file or several)");
  if (!values.metric) throw inputError("--metric is required (one of evaluate's --qrels metrics, e.g. ndcg@10)");
  const measure = parseTrecMeasure(values.metric);
  if (!measure)
    throw inputError(
      `--metric: "${values.metric}" is not a --qrels metric (ndcg@K, map, p@K, recall@K, rprec, mrr, judged@K)`,
    );
  const permutations = wholeNumber("--permutations", values.permutations, RANDOMIZATION_DEFAULTS.permutations, 1);
  const seed = wholeNumber("--seed", values.seed, RANDOMIZATION_DEFAULTS.seed, 0);
  const qrels = await readGradedQrels(values.qrels);
  const questions = qrelsQuestions(qrels);
  if (questions.length === 0) throw inputError(`--qrels: ${values.qrels} judges no question`);
  const judgedOnly = values["judged-only"] ?? false;
  const runs = await scoreRunFiles(values.run, (_tag, run) =>
    trecRunValuesByQuestion(qrels, questions, run, measure, { judgedOnly }),
  );
  if (runs.size < 2) throw inputError(`--run: the files hold ${runs.size} run; the tests compare two or more`);
  const tests = pairwiseSignificance(
    [...runs].map(([name, v]) => ({ name, values: v })),
    { permutations, seed },
  );
  for (const t of tests)
    printLine(
      io,
      JSON.stringify({
        a: t.a,
        b: t.b,
        questions: t.questions,
        mean_a: t.meanA,
        mean_b: t.meanB,
        t_p: numberOrNull(t.tP),
        t_p_holm: numberOrNull(t.tPHolm),
        randomization_p: numberOrNull(t.randomizationP),
        randomization_p_holm: numberOrNull(t.randomizationPHolm),
        randomization_exact: t.randomizationExact,
      }),
    );
}

function wholeNumber(name: string, text: string | undefined, fallback: number, least: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < least)
    throw inputError(`${name} must be a whole number of ${least} or more, not "${text}"`);
  return Number(text);
}
