// Types of i18n-check.mjs, for its unit test (src/lib/i18n/i18n-check.test.ts).
type Catalogue = Record<string, string>;
export declare const LANGUAGES: string[];
export declare function checkMessage(
  language: string,
  key: string,
  message: unknown,
  english?: unknown[],
): string[];
export declare function checkCatalogues(input: {
  catalogues: Partial<Record<string, Catalogue>>;
  used: Set<string>;
  called: Map<string, string[]>;
  label?: string;
  writtenIn?: string;
}): string[];
export declare function scanCode(files: { file: string; text: string }[]): {
  used: Set<string>;
  called: Map<string, string[]>;
  notLiteral: string[];
};
export declare function isWrittenIn(elements: unknown[], code: string): boolean;
export declare function checkRepository(repo: string): string[];
