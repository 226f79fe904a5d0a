import { addedNuggetSchema, type NewNugget } from "@/lib/schemas/nuggets";
import { fetchJson } from "./fetch-json";

export const nuggetApi = {
  add: (studyId: number, nugget: NewNugget) =>
    fetchJson(`/api/studies/${studyId}/nuggets`, addedNuggetSchema, { method: "POST", body: JSON.stringify(nugget) }),
};
