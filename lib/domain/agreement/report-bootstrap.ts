import type { BootstrapOptions } from "./bootstrap";

/** Every agreement report's bootstrap: 200 seeded resamples of the items, 95% percentile intervals. */
export const REPORT_BOOTSTRAP = { resamples: 200, seed: 1, level: 0.95 } as const;

/** A report's bootstrap, stated in the report: every option given. */
export type ReportBootstrap = Required<BootstrapOptions>;
