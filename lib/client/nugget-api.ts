import { addedNuggetSchema, type NewNugget } from "@/lib/schemas/nuggets";
import { fetchJson, jsonRequest as json } from "./fetch-json";

export const nuggetApi = {
  add: (studyId: number, nugget: NewNugget) =>
    fetchJson(`/api/studies/${studyId}/nuggets`, addedNuggetSchema, json("POST", nugget)),
};
