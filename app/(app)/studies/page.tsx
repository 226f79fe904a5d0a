import type { Metadata } from "next";
import { NewStudyForm } from "@/components/studies/new-study-form";
import { StudyList } from "@/components/studies/study-list";
import { requirePageUser } from "@/lib/server/auth/page-guards";
import { listStudies } from "@/lib/server/studies/list-studies";

export const metadata: Metadata = { title: "Studies" };

export default async function StudiesPage() {
  const user = await requirePageUser(["admin", "researcher"]);
  const studies = await listStudies(user);
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Studies</h1>
      <p className="mb-4 mt-1 text-sm text-stone-600">
        Benchmarks you calibrate: questions, chunks, LLM labels and campaigns.
      </p>
      <div className="mb-6">
        <NewStudyForm />
      </div>
      <StudyList studies={studies} />
    </>
  );
}
