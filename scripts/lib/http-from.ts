// HTTP requests from a chosen source address (127.0.0.x on loopback), so one machine can play many
// clients to a server that tells them apart by their socket's address; and signing in that way.
import http from "node:http";

export type Reply = { status: number; cookies: string[]; body: string };

/** One request to `url` from `from` (a local address), with its own connection. */
export function requestFrom(
  from: string,
  url: string,
  o: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: o.method ?? "GET", headers: o.headers, localAddress: from, agent: false },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, cookies: response.headers["set-cookie"] ?? [], body }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(o.body);
  });
}

const cookiePairs = (cookies: string[]) => cookies.map((c) => c.split(";")[0]!);

/**
 * Signs `email` in through next-auth's credentials endpoint at `base`, from `from`, with extra
 * `headers` on both requests (a forged X-Forwarded-For): "ok" with a session cookie, or the error
 * next-auth redirects to (CredentialsSignin, too_many_attempts, server_busy).
 */
export async function signInFrom(
  from: string,
  base: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const csrf = await requestFrom(from, `${base}/api/auth/csrf`, { headers });
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const signedIn = await requestFrom(from, `${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: {
      ...headers,
      cookie: cookiePairs(csrf.cookies).join("; "),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }).toString(),
  });
  if (signedIn.cookies.some((c) => c.includes("session-token="))) return "ok";
  const { url } = JSON.parse(signedIn.body) as { url?: string };
  return (url && new URL(url).searchParams.get("error")) ?? `HTTP ${signedIn.status}`;
}
