import "server-only";
import { parseSentenceCitationKey } from "@/lib/domain/targets";
import { storedSentences } from "@/lib/domain/rag-answers/answer-text";
import { questionTerms } from "@/lib/domain/passages/question-terms";
import type { PassageDisplay } from "@/lib/domain/passages/passage-kind";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";
import type { ItemContent, WorkspaceItem } from "@/lib/schemas/campaigns";
import { getDb } from "../db/client";
import { renderDocument } from "../render/study-passage";
import { renderMarkdown } from "../render/markdown";
import type { CampaignRecord } from "../db/campaign-record";

type DocumentRow = {
  externalId: string;
  title: string;
  repo: string | null;
  path: string | null;
  language: string | null;
  display: string | null;
  text: string;
};

/**
 * What an item shows of its target, rendered on the server as its annotators see it: the question,
 * the nugget, the passage (its question's terms marked when the campaign asks), a citation
 * item's answer sentences, and a nugget-assignment item's answer with the passages it cites. The annotator's workspace and the adjudicator's screen both show it.
 */
export async function itemContent(
  campaign: Pick<CampaignRecord, "taskType" | "passageDisplay" | "highlightTerms">,
  item: {
    id: number;
    targetKey: string;
    responseAId: number | null;
    query: { externalId: string; title: string; body: string } | null;
    nugget: { externalId: string; position: number; text: string } | null;
    document: DocumentRow | null;
  },
): Promise<ItemContent> {
  const query = item.query!;
  const task = TASK_TYPES[campaign.taskType];
  return {
    itemId: item.id,
    question: {
      id: query.externalId,
      title: query.title,
      bodyHtml: await renderMarkdown(query.body),
      answerHtml: null,
    },
    nugget: item.nugget ? { id: item.nugget.externalId, position: item.nugget.position, text: item.nugget.text } : null,
    document: item.document
      ? await documentView(
          item.document,
          campaign.passageDisplay,
          campaign.highlightTerms ? questionTerms(query.body || query.title) : [],
        )
      : null,
    citedSentence: task.unit === "citation" ? await citedSentenceOf(item.targetKey, item.responseAId) : null,
    answer:
      task.unit === "answer" && item.responseAId !== null
        ? (await renderedAnswers([item.responseAId], campaign.passageDisplay))[0]!
        : null,
  };
}

/** A citation-support item's answer as its sentences' texts, and the sentence its key names. */
async function citedSentenceOf(
  targetKey: string,
  responseId: number | null,
): Promise<NonNullable<WorkspaceItem["citedSentence"]>> {
  const key = parseSentenceCitationKey(targetKey);
  const db = await getDb();
  const response =
    responseId === null
      ? null
      : await db.response.findUnique({ where: { id: responseId }, select: { sentences: true } });
  return {
    index: key?.sentence ?? 0,
    sentences: (storedSentences(response?.sentences ?? null) ?? []).map((s) => s.text),
  };
}

async function documentView(
  doc: DocumentRow,
  display: PassageDisplay,
  terms: readonly string[],
): Promise<NonNullable<WorkspaceItem["document"]>> {
  const chunk = await renderDocument(doc, display, terms);
  return {
    id: doc.externalId,
    title: doc.title,
    repo: doc.repo,
    path: doc.path,
    language: doc.language,
    kind: chunk.kind,
    html: chunk.html,
    lines: chunk.lines,
    hasText: doc.text.trim() !== "",
  };
}

/** Answers in the given order, each rendered with the passages its [n] markers cite; nothing that names a system. */
export async function renderedAnswers(
  responseIds: number[],
  display: PassageDisplay,
): Promise<NonNullable<WorkspaceItem["answer"]>[]> {
  const db = await getDb();
  const responses = await db.response.findMany({
    where: { id: { in: responseIds } },
    select: {
      id: true,
      text: true,
      citations: {
        orderBy: { marker: "asc" },
        select: {
          marker: true,
          document: {
            select: { title: true, path: true, externalId: true, text: true, language: true, display: true },
          },
        },
      },
    },
  });
  return Promise.all(
    responseIds
      .map((id) => responses.find((r) => r.id === id)!)
      .map(async (r) => ({
        html: await renderMarkdown(r.text),
        citations: await Promise.all(
          r.citations.map(async (c) => ({
            marker: c.marker,
            title: c.document.title || c.document.path || c.document.externalId,
            html: (await renderDocument(c.document, display)).html,
          })),
        ),
      })),
  );
}
