// Shared by the load benchmark and the fault test: a relevance campaign with N annotator accounts,
// and signing one of them in over HTTP as a browser would.
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { closeDb, getDb } from "@/lib/server/db/client";
import { closeSharedConnections } from "@/lib/server/db/transactions";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { findOrCreateStudy } from "@/lib/server/studies/find-or-create-study";
import { toUserDto } from "@/lib/server/users/user-dto";
import * as f from "@/prisma/factories";
import { generatedLines } from "./generated-lines";

/**
 * A study of `questions` x `pool` pooled chunks with LLM labels, `annotators` annotator accounts
 * (`<prefix>-annotator-<i>@assay.local`, all with `password`) and a blind relevance campaign over
 * every pair with `overlap` seats per item, on DATABASE_URL. Closes its connections when done.
 */
export async function seedRelevanceCampaign(o: {
  prefix: string;
  questions: number;
  pool: number;
  annotators: number;
  overlap: number;
  password: string;
}) {
  const study = await findOrCreateStudy(`${o.prefix} study`);
  await importIntoStudy(study.id, {
    format: "beir-queries",
    files: [{ name: "q.tsv", chunks: generatedLines((i) => `q${i}\tQuestion ${i}`, o.questions) }],
  });
  await importIntoStudy(study.id, {
    format: "beir-corpus",
    files: [{ name: "c.tsv", chunks: generatedLines((i) => `d${i}\tChunk ${i}`, o.questions * o.pool) }],
  });
  await importIntoStudy(study.id, {
    format: "trec-qrels",
    judge: "llm",
    scale: "relevance-3",
    files: [
      {
        name: "l.qrels",
        chunks: generatedLines((i) => `q${Math.floor(i / o.pool)} 0 d${i} ${i % 3}`, o.questions * o.pool),
      },
    ],
  });
  const db = await getDb();
  const researcher = toUserDto(
    await f.upsertUser(db, { email: `${o.prefix}-researcher@assay.local`, role: "researcher", password: o.password }),
  );
  await f.upsertMember(db, study.id, researcher.id, "researcher");
  const annotators: { id: number; email: string }[] = [];
  for (let i = 0; i < o.annotators; i++) {
    const user = await f.upsertUser(db, {
      email: `${o.prefix}-annotator-${i}@assay.local`,
      role: "annotator",
      password: o.password,
    });
    await f.upsertMember(db, study.id, user.id, "annotator");
    annotators.push({ id: user.id, email: user.email });
  }
  const campaign = await createCampaign(researcher, study.id, {
    name: `${o.prefix} campaign`,
    taskType: "relevance",
    scale: { kind: "builtin", id: "relevance-3" },
    guidelines: "",
    protocol: "blind",
    llmJudge: null,
    overlap: o.overlap,
    annotatorIds: annotators.map((a) => a.id),
    sample: { kind: "all_pairs" },
    seed: 1,
  });
  await closeSharedConnections();
  await closeDb();
  return { campaignId: campaign.id, items: campaign.items, emails: annotators.map((a) => a.email) };
}

/** Signs in through next-auth's credentials endpoint at `base`; returns the cookie header to send with later requests. */
export async function signInOverHttp(base: string, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (r: Response) => {
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrf = await fetch(`${base}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  keep(response);
  if (![...jar.keys()].some((k) => k.includes("session-token")))
    throw new Error(`sign-in failed for ${email}: ${response.status}`);
  return cookie();
}
