import { setTimeout as sleep } from "node:timers/promises";
import { FetchError, fetchPublic, pageText } from "../../recipes/import/fetch-page.js";
import { findRecipe } from "../../recipes/import/find-recipe.js";
import { emptyRecipe } from "../imported-recipe.js";
import { BadEntry } from "./safe-zip.js";
import type { RecipeSource } from "./source.js";

// A list of addresses: each page fetched with the single-recipe import's safe fetcher (the
// same private-address rules and limits) and read by its reader. One page at a time, and a
// host asked at most once a second, so an import never hammers one site.

const SAME_HOST_GAP_MS = 1000;

export interface PageLimits {
  maxBytes: number;
  timeoutMs: number;
  allowPrivateHosts: boolean;
}

export function urlSource(urls: string[], limits: PageLimits): RecipeSource {
  const lastAsked = new Map<string, number>();
  const politely = async (url: string) => {
    const host = URL.canParse(url) ? new URL(url).host : url;
    const wait = (lastAsked.get(host) ?? 0) + SAME_HOST_GAP_MS - Date.now();
    if (wait > 0) await sleep(wait);
    lastAsked.set(host, Date.now());
  };
  return {
    format: "urls",
    items: urls.map((url) => ({
      label: url,
      read: async () => {
        await politely(url);
        let page: Awaited<ReturnType<typeof fetchPublic>>;
        try {
          page = await fetchPublic(url, limits);
        } catch (error) {
          if (error instanceof FetchError) throw new BadEntry(error.message);
          throw error;
        }
        const found = findRecipe(pageText(page));
        if (!found) throw new BadEntry("No recipe was found on this page.");
        return { ...emptyRecipe(found.name), ...found, sourceUrl: page.url };
      },
    })),
    close: () => {},
  };
}
