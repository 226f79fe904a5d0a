import { z } from "zod";
import { fetchJson } from "./fetch-json";

/**
 * Downloads an export after the server has confirmed it can be made (`&check=1`), so a refusal
 * (nothing to export, a judge without such labels) reaches the page as an error message instead
 * of a failed or empty download. The download itself streams from the server.
 */
export async function checkedDownload(href: string): Promise<void> {
  await fetchJson(`${href}${href.includes("?") ? "&" : "?"}check=1`, z.object({ fileName: z.string() }));
  window.location.assign(href);
}
