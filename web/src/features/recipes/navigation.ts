import { t } from "../../lib/i18n";

/**
 * Router state the my-recipes and collection cards still pass. No longer read: the recipe
 * page's back link follows where the cook came from, from any page (lib/came-from.ts).
 */
export const FROM_MY_RECIPES = { from: "my-recipes" } as const;

/** The browser's own confirm dialog: modal, keyboard-operable and read out by screen readers. */
export function confirmDelete(title: string): boolean {
  return window.confirm(t("recipes.confirmDelete", { title }));
}
