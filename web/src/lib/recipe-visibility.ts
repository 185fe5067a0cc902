import type { RecipeVisibility } from "@potluck/contract/limits";
import { useQuery } from "@tanstack/react-query";
import { t } from "./i18n";
import { useSession } from "./session";
import { preferencesQuery } from "./units-preference";

/**
 * The recipe visibilities as forms offer them, each with who sees the recipe. The words are
 * getters, read in the reader's language when a form shows them (never at import time).
 */
export const VISIBILITY_CHOICES: readonly {
  readonly value: RecipeVisibility;
  readonly label: string;
  readonly hint: string;
}[] = [
  {
    value: "public",
    get label() {
      return t("lib.visibility.public");
    },
    get hint() {
      return t("lib.visibility.publicHint");
    },
  },
  {
    value: "followers",
    get label() {
      return t("lib.visibility.followers");
    },
    get hint() {
      return t("lib.visibility.followersHint");
    },
  },
  {
    value: "private",
    get label() {
      return t("lib.visibility.private");
    },
    get hint() {
      return t("lib.visibility.privateHint");
    },
  },
];

/** The visibility a new recipe of the signed-in cook gets unless the form says otherwise. */
export function useDefaultVisibility(): RecipeVisibility {
  const { authenticated } = useSession();
  const preferences = useQuery({ ...preferencesQuery, enabled: authenticated });
  return preferences.data?.default_visibility ?? "public";
}
