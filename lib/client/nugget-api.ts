import {
  addedNuggetSchema,
  changedNuggetSchema,
  reviewedSetSchema,
  type NewNugget,
  type NewReviewedSet,
  type NuggetImportanceChange,
} from "@/lib/schemas/nuggets";
import { fetchJson, jsonRequest as json } from "./fetch-json";

export const nuggetApi = {
  add: (studyId: number, nugget: NewNugget) =>
    fetchJson(`/api/studies/${studyId}/nuggets`, addedNuggetSchema, json("POST", nugget)),
  setImportance: (studyId: number, change: NuggetImportanceChange) =>
    fetchJson(`/api/studies/${studyId}/nuggets/importance`, changedNuggetSchema, json("PUT", change)),
  saveReviewedSet: (studyId: number, set: NewReviewedSet) =>
    fetchJson(`/api/studies/${studyId}/nugget-sets`, reviewedSetSchema, json("POST", set)),
};
