// While the app's texts move into the catalogue (issue 37), each area's messages are written in
// src/lib/i18n/parts/<area>.json as { key: { en, de, fr, … } }; this writes the ten
// catalogues, messages/<language>.json, from all parts (keys sorted). Run: node web/scripts/i18n-merge.mjs
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt-BR", "pl", "ja", "ar"];
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/lib/i18n");
const merged = Object.fromEntries(LANGUAGES.map((language) => [language, {}]));
const owner = {};
for (const file of readdirSync(path.join(dir, "parts"))
  .filter((f) => f.endsWith(".json"))
  .sort()) {
  const part = JSON.parse(readFileSync(path.join(dir, "parts", file), "utf8"));
  for (const [key, texts] of Object.entries(part)) {
    if (owner[key]) throw new Error(`${key} is in both ${owner[key]} and ${file}`);
    owner[key] = file;
    for (const language of LANGUAGES) {
      if (typeof texts[language] !== "string")
        throw new Error(`${file}: ${key} has no ${language}`);
      merged[language][key] = texts[language];
    }
  }
}
for (const language of LANGUAGES) {
  const sorted = Object.fromEntries(
    Object.entries(merged[language]).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  writeFileSync(
    path.join(dir, "messages", `${language}.json`),
    `${JSON.stringify(sorted, null, 2)}\n`,
  );
}
console.log(`${Object.keys(owner).length} messages in ${LANGUAGES.length} languages`);
