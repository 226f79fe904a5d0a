// Ports the operating system says are free right now, for servers a test or benchmark starts:
// a fixed or random port can belong to another program on a shared machine (CI once met a
// database server on 3306). All are held open together, so the ports are distinct.
import net from "node:net";

/** @param {number} count @returns {Promise<number[]>} */
export async function freePorts(count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const server = net.createServer();
          server.once("error", reject);
          // no host: the dual-stack wildcard, where `next start -p` listens too
          server.listen(0, () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
