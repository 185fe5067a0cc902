import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import {
  daysIntoWeek,
  FIRST_DAY_OF_WEEK,
  isRightToLeft,
  type Language,
  type Weekday,
} from "@potluck/contract/languages";

/** What the web build says each page needs first (web/src/app/first-load.ts, decision 0021). */
interface FirstLoadPlan {
  everyPageData: string[];
  pages: { path: string; modules: string[]; data: string[] }[];
}

interface Page {
  pattern: RegExp;
  params: string[];
  modules: string[];
  data: string[];
}

/**
 * index.html for a page address, with links that start the page's chunks and data at once
 * (decision 0021): `<link rel="modulepreload">` for the route's code and
 * `<link rel="preload" as="fetch">` for its API reads, which the web app's own fetch of the
 * same URL then picks up. A build without a plan (an older or a test build) gets its
 * index.html as it is. A new build under a running server is picked up (the
 * old one's chunk names would no longer exist).
 */
export function loadFirstLoadHtml(
  webDist: string,
): (url: string, signedIn: boolean, language: Language) => string | undefined {
  const indexPath = path.join(webDist, "index.html");
  let loaded: { builtAt: number; render: Render } | undefined;
  return (url, signedIn, language) => {
    // No build yet: undefined, and the caller answers as the static files would.
    const builtAt = statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs;
    if (builtAt === undefined) return undefined;
    if (loaded?.builtAt !== builtAt) loaded = { builtAt, render: readBuild(webDist) };
    return loaded.render(url, signedIn, language);
  };
}

type Render = (url: string, signedIn: boolean, language: Language) => string;

function readBuild(webDist: string): Render {
  const indexHtml = readFileSync(path.join(webDist, "index.html"), "utf8");
  const planPath = path.join(webDist, "first-load.json");
  if (!existsSync(planPath)) return () => indexHtml;
  const plan = JSON.parse(readFileSync(planPath, "utf8")) as FirstLoadPlan;
  const pages: Page[] = plan.pages.map((page) => {
    const params: string[] = [];
    const source = page.path
      .split("/")
      .map((part) => {
        if (!part.startsWith(":")) return escapeRegExp(part);
        params.push(part.slice(1));
        return "([^/]+)";
      })
      .join("/");
    return { pattern: new RegExp(`^${source}/?$`), params, modules: page.modules, data: page.data };
  });

  return (url, signedIn, language) => {
    const [pathname = "/", query] = url.split("?", 2);
    const links: string[] = [];
    const fetches = (urls: string[]) => {
      for (const href of urls) {
        // A query's "&" written as HTML writes it; the browser reads it back as "&".
        links.push(
          `<link rel="preload" as="fetch" crossorigin href="${href.replaceAll("&", "&amp;")}">`,
        );
      }
    };
    fetches(plan.everyPageData);
    const page = pages.find((candidate) => candidate.pattern.test(pathname));
    if (page) {
      for (const href of page.modules) {
        links.push(`<link rel="modulepreload" crossorigin href="${href}">`);
      }
      // A search or filter in the address asks for other data; a signed-out visitor is
      // refused the signed-in reads. Neither should cost a request the page won't use.
      if (signedIn && !query) fetches(dataUrls(page, pathname, language));
    }
    return indexHtml.replace("</head>", `${links.join("")}</head>`);
  };
}

/**
 * The page's data URLs with its numeric parameters filled in; any other value skips the URL.
 * `:weekStart` and `:weekEnd` are the first and last days of the current week (the planner's
 * week, starting on the reader's first day of the week), on the server's calendar: a visitor
 * whose own calendar is already on another day asks for the week it shows, and the preload
 * goes unused.
 */
function dataUrls(page: Page, pathname: string, language: Language): string[] {
  const values = page.pattern.exec(pathname)?.slice(1) ?? [];
  const byName = new Map(page.params.map((name, i) => [name, values[i] ?? ""]));
  const calendar = thisWeek(new Date(), language);
  return page.data
    .filter((template) => {
      const names = [...template.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");
      return names.every(
        (name) => calendar.has(name) || /^[1-9]\d{0,15}$/.test(byName.get(name) ?? ""),
      );
    })
    .map((template) =>
      template.replace(
        /:(\w+)/g,
        (_, name: string) => calendar.get(name) ?? byName.get(name) ?? "",
      ),
    );
}

/** This week's first and last days as `YYYY-MM-DD`, as the planner names them. */
function thisWeek(now: Date, language: Language): Map<string, string> {
  const sinceStart = daysIntoWeek((now.getDay() || 7) as Weekday, FIRST_DAY_OF_WEEK[language]);
  const day = (offset: number) => {
    const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() - sinceStart + offset);
    const pad = (value: number) => String(value).padStart(2, "0");
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  };
  return new Map([
    ["weekStart", day(0)],
    ["weekEnd", day(6)],
  ]);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The page with `<html lang dir>` set to the request's language (issue 37), so that the web
 * app knows it, and the browser lays the page out right to left for Arabic, before its first
 * render.
 */
export function withLanguage(html: string, language: Language): string {
  const dir = isRightToLeft(language) ? "rtl" : "ltr";
  return html.replace(/<html\b[^>]*>/i, (tag) => {
    const others = tag
      .slice("<html".length, -1)
      .replace(/\s(?:lang|dir)=("[^"]*"|'[^']*'|[^\s>]*)/gi, "");
    return `<html lang="${language}" dir="${dir}"${others}>`;
  });
}
