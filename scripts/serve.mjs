#!/usr/bin/env node
// Assay's production server: Next.js's request handler behind a small Node HTTP server that says
// who is asking. `next start` fills X-Forwarded-For only when a request lacks it, so there a client
// can name any address it likes (and dodge, or turn on someone else, the sign-in throttle). Here the
// header Assay reads is always set by the server: the socket's address, or with
// ASSAY_TRUSTED_PROXY_HOPS=N the address the outermost of N proxies in front of Assay saw (the Nth
// entry from the right of the header they built). `npm start`, the end-to-end tests, the
// benchmarks and the fault tests all serve through it.
//
//   node scripts/serve.mjs [-p PORT] [-H HOSTNAME]     (PORT and HOSTNAME in the environment work too)
// The build folder is ASSAY_DIST_DIR (next.config.ts), .next unless set.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { clientAddressOf, trustedProxyHops } from "./lib/client-address.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const option = (flag, fallback) => {
  const at = process.argv.indexOf(flag);
  return at === -1 ? fallback : process.argv[at + 1];
};
const port = Number(option("-p", process.env.PORT || 3000));
const hostname = option("-H", process.env.HOSTNAME || undefined);

let hops;
try {
  hops = trustedProxyHops(process.env.ASSAY_TRUSTED_PROXY_HOPS);
} catch (error) {
  console.error(`assay: ${error.message}`);
  process.exit(1);
}

// the app (the same process) knows the client address in X-Forwarded-For is this server's
globalThis.assayClientAddressSetBy = "scripts/serve.mjs";
const app = next({ dev: false, dir: root, hostname: hostname ?? "localhost", port });
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer((request, response) => {
  request.headers["x-forwarded-for"] = clientAddressOf(request.headers["x-forwarded-for"], request.socket, hops);
  handle(request, response).catch((error) => {
    console.error(`Failed to handle request for ${request.url}`, error);
    if (!response.headersSent) response.writeHead(500);
    response.end();
  });
});
server.on("error", (error) => {
  console.error(`assay: cannot serve on port ${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, hostname, () => {
  const where = hostname ?? "localhost";
  console.log(`▲ Assay on http://${where.includes(":") ? `[${where}]` : where}:${port}`);
});

// SIGINT and SIGTERM: stop taking connections, let the requests under way finish, then exit as
// `next start` does (130, 143); a second signal exits at once
let stopping = false;
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
]) {
  process.on(signal, () => {
    if (stopping) process.exit(code);
    stopping = true;
    server.close(() => app.close().finally(() => process.exit(code)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(code), 10_000).unref();
  });
}
