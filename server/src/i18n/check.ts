import { IntlMessageFormat } from "intl-messageformat";

// The catalogue rules every language's messages keep (issue 37): each language has exactly
// English's keys, every message is valid ICU MessageFormat, and it has exactly the
// placeholders of its English message, by name and kind (a plural stays a plural). Written
// over plain objects so that the web's catalogues can be held to the same rules.

type Element = ReturnType<IntlMessageFormat["getAst"]>[number];

/** `name:kind` of every placeholder in a message, nested ones (inside a plural) included. */
export function placeholdersOf(message: string, language: string): Set<string> {
  const found = new Set<string>();
  const walk = (elements: readonly Element[]) => {
    for (const element of elements) {
      switch (element.type) {
        case 1:
          found.add(`${element.value}:argument`);
          break;
        case 2:
          found.add(`${element.value}:number`);
          break;
        case 3:
        case 4:
          found.add(`${element.value}:date`);
          break;
        case 5:
          found.add(`${element.value}:select`);
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case 6:
          found.add(`${element.value}:plural`);
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case 8:
          found.add(`<${element.value}>:tag`);
          walk(element.children);
          break;
        default:
          break;
      }
    }
  };
  walk(new IntlMessageFormat(message, language).getAst());
  return found;
}

/** What is wrong with `language`'s catalogue next to English's: empty when nothing is. */
export function catalogueProblems(
  english: Record<string, string>,
  catalogue: Record<string, string>,
  language: string,
): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english)) {
    if (!(key in catalogue)) problems.push(`${language}: ${key} is missing`);
  }
  for (const [key, message] of Object.entries(catalogue)) {
    const englishMessage = english[key];
    if (englishMessage === undefined) {
      problems.push(`${language}: ${key} is not in English`);
      continue;
    }
    let wanted: Set<string>;
    let given: Set<string>;
    try {
      wanted = placeholdersOf(englishMessage, "en");
    } catch (error) {
      problems.push(`en: ${key} is not valid ICU: ${(error as Error).message}`);
      continue;
    }
    try {
      given = placeholdersOf(message, language);
    } catch (error) {
      problems.push(`${language}: ${key} is not valid ICU: ${(error as Error).message}`);
      continue;
    }
    const missing = [...wanted].filter((name) => !given.has(name));
    const extra = [...given].filter((name) => !wanted.has(name));
    if (missing.length > 0 || extra.length > 0) {
      problems.push(
        `${language}: ${key} has placeholders ${[...given].join(", ") || "none"}, English ${[...wanted].join(", ") || "none"}`,
      );
    }
  }
  return problems;
}
