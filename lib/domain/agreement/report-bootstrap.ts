import { MIN_BOOTSTRAP_UNITS } from "../reports/minimum-sample";
import type { BootstrapOptions } from "./bootstrap";

/**
 * Every agreement report's bootstrap: 200 seeded resamples of the items, 95% percentile intervals,
 * none below 20 items (docs/DOMAIN.md, "Minimum samples"; the CLI's `agreement` draws at any n).
 */
export const REPORT_BOOTSTRAP = { resamples: 200, seed: 1, level: 0.95, minUnits: MIN_BOOTSTRAP_UNITS } as const;

/** A report's bootstrap, stated in the report: every option given. */
export type ReportBootstrap = Required<BootstrapOptions>;
