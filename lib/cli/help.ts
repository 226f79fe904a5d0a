import { AGREEMENT_METRICS } from "@/lib/domain/agreement/metrics";
import { EXPORTS } from "@/lib/formats/export-formats";
import { IMPORT_FORMATS, type ImportFormat } from "@/lib/formats/import-formats";

export const HELP = `Usage: assay <command> [options]
       (node_modules/.bin/assay, npx assay, or npm run --silent assay -- <command> ...)

Commands:
  help                                   Show this help.
  user create --email E --role R [--name N]
                                         Create a user (role: admin, researcher or annotator).
                                         The password is read from standard input when it is
                                         piped, otherwise asked for at a prompt.
  studies list [--format json|table]     List studies with their counts.
  db copy --to URL                       Copy this whole instance (DATABASE_URL) into the migrated,
                                         empty database at URL, SQLite or PostgreSQL: users with
                                         their passwords, every study and label. Read from one
                                         snapshot, verified by row counts and checksums, all or nothing.
  judge templates --study S [--format json|table]
                                         The LLM judge prompt templates the study may run, built-in
                                         (umbrela-relevance, freshstack-support, trec-rag-assignment,
                                         trec-rag-support) and saved in it, each
                                         version with its SHA-256 (newest first); json: whole texts.
  judge run --study S --template NAME[@VERSION] --endpoint NAME [--sample all|pairs:N|questions:N|campaign:NAME]
            [--temperature T] [--seed N] [--systems A,B[,...] --criterion C] [--nugget-set NAME]
            [--label-set L --level N] [--window-size N] [--max-nuggets N] [--max-tries N]
                                         (or: judge run --study S --run ID)
                                         Run a judge template over the study through a registered
                                         endpoint, in this process, until its calls are done: a
                                         progress bar on a terminal, JSON lines otherwise; then one
                                         JSON line of totals. Its labels are the judge it prints.
                                         A preference template compares the systems' answers, each
                                         pair both ways (questions:N: N random requests); a nugget
                                         assignment one call per answer (pairs:N: N random answers).
                                         nuggetizer-create writes each question's nuggets from the
                                         passages label set L marks N or above (default 2) into a
                                         new nugget set; nuggetizer-score grades a set's nuggets
                                         vital or okay (--nugget-set); one call per question.
                                         Exits 0 done (failures counted on stderr), 1 failed, 2
                                         usage, 3 paused, 4 cancelled, 5 cannot go on (its endpoint
                                         was removed), 130 on SIGINT, 143 on SIGTERM.
                                         --sample N: decimal digits, at most the pool's size.
  judge pause|resume|cancel|retry --run ID [--study S]
                                         What the run's buttons do (retry: its unparsed and failed
                                         calls again); prints the run. Refusals exit 2.
  judge endpoints add --name N --base-url URL --model M [--concurrency C] [--rpm R]
            [--input-price P --output-price P] [--key-env VARIABLE | --key-stdin]
  judge endpoints list [--format json|table]
  judge endpoints check --name N
  judge endpoints remove --name N [--force]
                                         Register, list, check (one call; exits 1 when it fails)
                                         and remove LLM judge endpoints. The key: the name of a
                                         server variable, or read from standard input (a hidden
                                         prompt on a terminal) and sealed; never an argument.
  judge export --study S [--run ID] [--out FILE]
                                         Every call of the study's judge runs as JSON lines: the
                                         run's provenance, target, level, raw reply, tokens, cost,
                                         and each HTTP attempt (status, reply or error, tokens, cost).
  studies create --name N [--description D] [--owner EMAIL]
                                         Create an empty study, with the owner as its researcher.
                                         Prints {"id", "slug", "name"}; errors exit 2.
  members add --study S --email E --role researcher|annotator
  members list --study S [--format json|table]
  members remove --study S --email E     Manage a study's members (S: its slug, name or id).
                                         Removing keeps the member's labels; errors exit 2.
  import --study NAME --format FORMAT [--judge NAME] [--judge-kind model|human] [--scale SCALE] [--owner EMAIL] [--create-missing] [--display code|prose|markdown] [--nugget-set NAME] FILE...
                                         Import files into a study (created when NAME is new, with
                                         --owner as its researcher), all or nothing. Formats:
                                         ${IMPORT_FORMATS.map((f) => f.id).join(", ")}.
                                         --create-missing (${IMPORT_FORMATS.filter(
                                           (f: ImportFormat) => f.createsMissing,
                                         )
                                           .map((f) => f.id)
                                           .join(", ")}):
                                         what the file names but the study lacks is created: queries
                                         and documents with no text yet, or an assignments file's
                                         questions, nuggets and answers.
                                         --display (corpora, pairwise responses): how these passages
                                         are shown, whatever the study's setting.
                                         --nugget-set: the nugget set the file's nuggets go to (made
                                         when new) or are matched in; default the study's first.
  export --study NAME --what WHAT --format FORMAT [--judge NAME[,NAME]] [--scale S] [--binarized] [--campaign ID] [--nugget-set NAME] [--out FILE]
                                         Export ${Object.entries(EXPORTS)
                                           .map(([w, f]) => `${w} (${f.join(", ")})`)
                                           .join("; ")}.
                                         Labels default to the study's human judges; annotations
                                         (with skips) cover every campaign, or --campaign ID; nuggets
                                         the study's first nugget set, or --nugget-set NAME.
  agreement --input LABELS.csv --metric METRIC [--order L1,L2,...]
                                         Agreement between judges of a CSV item,judge,label. Metrics:
                                         ${AGREEMENT_METRICS.join(", ")}.
                                         Prints {"metric", "value", "items", "judges"}; errors exit 2.
  agreement --input LABELS.csv --reference JUDGE --metrics M1,M2,... [--binarize T1,T2,...] [--order ...]
                                         Every other judge against JUDGE: one JSON line per judge x
                                         metric x threshold {"judge", "metric", "threshold", "value",
                                         "items"}; --binarize adds labels recoded to label >= T.
  aggregate --input LABELS.csv --method dawid-skene|majority
                                         Each item's label from judges' labels (CSV item,judge,label), as
                                         crowd-kit's DawidSkene or MajorityVote: one JSON line per item
                                         {"item", "label", "posteriors"}, then for Dawid-Skene
                                         {"judges": {J: {"confusion": {true: {given: p}}}}}; errors exit 2.
  alt-test --input LABELS.csv --llm JUDGE [--llm JUDGE ...] --epsilon E --scoring accuracy|neg-rmse
           [--q 0.05] [--min-humans-per-item 2] [--min-items-per-human 30]
                                         The Alternative Annotator Test of each LLM judge against the
                                         others (annotators): one JSON line per --llm {"llm",
                                         "winning_rate", "advantage_probability", "passed",
                                         "annotators"}; errors exit 2.
  ppi-mean --input F.csv [--confidence 0.95] [--lambda auto|L]
                                         The prediction-powered (PPI++) mean of F.csv (item,llm,human;
                                         human empty where unlabelled) with its interval, beside the
                                         humans alone and the LLM alone; errors exit 2.
  graded-precision --feb4rag-labels BEIR-QRELS-RM.txt
                                         FeB4RAG's graded precision of each engine per request (eq. 1),
                                         printed as "rid 0 engine score" lines; errors exit 2.
  evaluate (--qrels Q | --nugget-qrels Q) --run RUN [--run RUN ...] [--metrics M1,M2,...] [--judged-only]
                                         Each run's metrics: trec_eval's under graded qrels (ndcg@K,
                                         map, p@K, recall@K, rprec, mrr, judged@K), FreshStack's
                                         under nugget qrels (alpha-ndcg@K, coverage@K, recall@K,
                                         ndcg@K). Prints {"runs": {"<tag>": {"<metric>": x}}}.
                                         --judged-only is trec_eval's -J (qrels only).
  significance --qrels Q --run RUN [--run RUN ...] --metric M [--judged-only] [--permutations N] [--seed S]
                                         Every pair of runs compared on one trec_eval measure over
                                         every question of Q (-c): the paired t-test and the
                                         randomization test (exact to 20 questions, else N draws,
                                         default 100000, seed 1), each Holm-adjusted over the pairs;
                                         one JSON line per pair; errors exit 2.
  nugget-scores --assignments ASSIGNMENTS.jsonl [--by run|answer]
                                         TREC RAG nugget scores from nuggetizer's assignments: per run
                                         (or per run and question) All, Vital and their strict forms,
                                         as nuggetizer computes them; one JSON line each; errors exit 2.
  compare-rankings (--qrels-a A --qrels-b B | --nugget-qrels-a A --nugget-qrels-b B)
                   (--run RUN ... | --run-a RUN ... --run-b RUN ...) [--metrics ...] [--judged-only]
                                         The runs ranked under two label sets, with Kendall's tau-b
                                         and Spearman's rho per metric; errors exit 2.
  compare-leaderboards --a A.csv --b B.csv
                                         Two published score tables (system,metric,score): Kendall's
                                         tau-b and Spearman's rho per metric over the systems both
                                         list, and the unmatched ones; errors exit 2.

The database is DATABASE_URL (file:... for SQLite, postgres://... for PostgreSQL), or the
embedded SQLite file data/assay.db when it is not set.`;
