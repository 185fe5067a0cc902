import { t } from "../../lib/i18n";

/**
 * A browser's User-Agent in plain words, "Firefox on Linux", so a cook can tell their devices
 * apart. Only the common browsers and systems are named; anything else is said to be unknown
 * rather than guessed.
 */
export function describeUserAgent(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return t("settings.devices.browserOn", { browser, system });
  if (browser) return browser;
  if (system) return t("settings.devices.aBrowserOn", { system });
  return t("settings.devices.unknownBrowser");
}

// Order matters: Edge and Opera say Chrome too, Chrome says Safari, and iPhones say Mac OS X.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "Mac"],
  [/Linux/, "Linux"],
];
