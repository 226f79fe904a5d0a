// Runs once when the server starts: refuse to serve with a bad configuration, in one clear line;
// then work judge runs in the background (unless ASSAY_JUDGE_WORKER=off).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { exitOnBadStartup } = await import("./lib/server/check-startup");
    await exitOnBadStartup();
    if (process.env.ASSAY_JUDGE_WORKER !== "off") {
      const { startJudgeWorker } = await import("./lib/server/judging/judge-worker");
      startJudgeWorker();
    }
  }
}
