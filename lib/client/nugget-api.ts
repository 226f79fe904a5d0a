import {
  addedNuggetSchema,
  changedNuggetSchema,
  type NewNugget,
  type NuggetImportanceChange,
} from "@/lib/schemas/nuggets";
import { fetchJson, jsonRequest as json } from "./fetch-json";

export const nuggetApi = {
  add: (studyId: number, nugget: NewNugget) =>
    fetchJson(`/api/studies/${studyId}/nuggets`, addedNuggetSchema, json("POST", nugget)),
  setImportance: (studyId: number, change: NuggetImportanceChange) =>
    fetchJson(`/api/studies/${studyId}/nuggets/importance`, changedNuggetSchema, json("PUT", change)),
};
