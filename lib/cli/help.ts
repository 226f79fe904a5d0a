import { AGREEMENT_METRICS } from "@/lib/domain/agreement/metrics";
import { EXPORTS } from "@/lib/formats/export-formats";
import { IMPORT_FORMATS } from "@/lib/formats/import-formats";

export const HELP = `Usage: npm run assay -- <command> [options]

Commands:
  help                                   Show this help.
  user create --email E --role R [--name N]
                                         Create a user (role: admin, researcher or annotator).
                                         The password is read from standard input when it is
                                         piped, otherwise asked for at a prompt.
  studies list [--format json|table]     List studies with their counts.
  studies create --name N [--description D] [--owner EMAIL]
                                         Create an empty study, with the owner as its researcher.
                                         Prints {"id", "slug", "name"}; errors exit 2.
  members add --study S --email E --role researcher|annotator
  members list --study S [--format json|table]
  members remove --study S --email E     Manage a study's members (S: its slug, name or id).
                                         Removing keeps the member's labels; errors exit 2.
  import --study NAME --format FORMAT [--judge NAME] [--judge-kind model|human] [--scale SCALE] [--owner EMAIL] FILE...
                                         Import files into a study (created when NAME is new, with
                                         --owner as its researcher), all or nothing. Formats:
                                         ${IMPORT_FORMATS.map((f) => f.id).join(", ")}.
  export --study NAME --what WHAT --format FORMAT [--judge NAME[,NAME]] [--scale S] [--binarized] [--campaign ID] [--out FILE]
                                         Export ${Object.entries(EXPORTS)
                                           .map(([w, f]) => `${w} (${f.join(", ")})`)
                                           .join("; ")}.
                                         Labels default to the study's human judges; annotations
                                         (with skips) cover every campaign, or --campaign ID.
  agreement --input LABELS.csv --metric METRIC [--order L1,L2,...]
                                         Agreement between judges of a CSV item,judge,label. Metrics:
                                         ${AGREEMENT_METRICS.join(", ")}.
                                         Prints {"metric", "value", "items", "judges"}; errors exit 2.
  graded-precision --feb4rag-labels BEIR-QRELS-RM.txt
                                         FeB4RAG's graded precision of each engine per request (eq. 1),
                                         printed as "rid 0 engine score" lines; errors exit 2.
  evaluate --nugget-qrels QRELS --run RUN [--run RUN ...] [--metrics alpha-ndcg@10,coverage@20,recall@50]
                                         Each run's metrics over every query of the nugget qrels.
                                         Prints {"runs": {"<tag>": {"<metric>": x}}}; errors exit 2.
  compare-rankings --nugget-qrels-a A --nugget-qrels-b B --run RUN [--run RUN ...] [--metrics ...]
                                         The runs ranked under two label sets, with Kendall's tau-b
                                         per metric; errors exit 2.

The database is DATABASE_URL (file:... for SQLite, postgres://... for PostgreSQL), or the
embedded SQLite file data/assay.db when it is not set.`;
