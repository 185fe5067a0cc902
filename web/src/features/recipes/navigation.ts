/** Router state that tells the detail page its visitor came from the my-recipes list. */
export const FROM_MY_RECIPES = { from: "my-recipes" } as const;

export function cameFromMyRecipes(state: unknown): boolean {
  return (
    typeof state === "object" &&
    state !== null &&
    (state as { from?: unknown }).from === "my-recipes"
  );
}

/** The browser's own confirm dialog: modal, keyboard-operable and read out by screen readers. */
export function confirmDelete(title: string): boolean {
  return window.confirm(`Delete "${title}"? This cannot be undone.`);
}
