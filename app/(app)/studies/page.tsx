import type { Metadata } from "next";
import { NewStudyForm } from "@/components/studies/new-study-form";
import { StudyList } from "@/components/studies/study-list";
import { requirePageUser } from "@/lib/server/auth/page-guards";
import { listStudies } from "@/lib/server/studies/list-studies";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Studies" };

export default async function StudiesPage() {
  const user = await requirePageUser(["admin", "researcher"]);
  const studies = await listStudies(user);
  return (
    <>
      <PageHeader
        title="Studies"
        description="Benchmarks you calibrate: questions, chunks, LLM labels and campaigns."
      />
      <div className="mb-6 mt-4">
        <NewStudyForm />
      </div>
      <StudyList studies={studies} />
    </>
  );
}
