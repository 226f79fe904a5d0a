// Runs once when the server starts: refuse to serve with a bad configuration, in one clear line.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { exitOnBadStartup } = await import("./lib/server/check-startup");
    await exitOnBadStartup();
  }
}
