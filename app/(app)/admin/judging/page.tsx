import type { Metadata } from "next";
import { AdminTabs } from "@/components/admin/admin-tabs";
import { EndpointTable } from "@/components/judging/endpoint-table";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/server/auth/page-guards";
import { listEndpoints } from "@/lib/server/judging/list-endpoints";

export const metadata: Metadata = { title: "Judge endpoints" };

export default async function JudgeEndpointsPage() {
  await requirePageUser(["admin"]);
  const endpoints = await listEndpoints();
  return (
    <>
      <AdminTabs current="/admin/judging" />
      <PageHeader
        title="Judge endpoints"
        description={
          <>
            OpenAI-compatible chat-completions servers (vLLM, Ollama, llama.cpp&apos;s server, OpenAI, OpenRouter) that
            LLM judges may call. Researchers choose among these and cannot add their own. A key is read from a server
            variable or stored encrypted, and never shown, exported or sent anywhere but its endpoint.
          </>
        }
      />
      <div className="mt-6">
        <EndpointTable endpoints={endpoints} />
      </div>
    </>
  );
}
