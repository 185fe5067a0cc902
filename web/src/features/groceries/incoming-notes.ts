import { t } from "../../lib/i18n";

/**
 * What the notes editor does with the list's notes when they were refetched because they
 * changed elsewhere:
 * - `ignore`: they are the notes the editor already stands on (the echo of its own save);
 * - `load`: nothing typed here is unsaved, so the editor simply shows them (without saving);
 * - `keep-local` / `warn`: the editor holds text not yet saved, which is never replaced; `warn`
 *   tells the user who changed the notes and offers theirs, which `keep-local` does not need
 *   because the change was the user's own (another tab or device of theirs).
 * Text kept here is saved by the next autosave and replaces theirs: the last writer wins.
 */
export type IncomingNotesAction = "ignore" | "load" | "keep-local" | "warn";

export function decideIncomingNotes(input: {
  /** The notes the server holds now. */
  incoming: string;
  /** The notes the server held as far as the editor knew (loaded or confirmed by a save). */
  confirmed: string;
  /** Something typed here is not yet saved, or its save is still on its way. */
  hasUnsavedText: boolean;
  /** Who changed them; null when not known (after a reset). */
  by: string | null;
  me: string | null;
}): IncomingNotesAction {
  if (input.incoming === input.confirmed) return "ignore";
  if (!input.hasUnsavedText) return "load";
  return input.by !== null && input.by === input.me ? "keep-local" : "warn";
}

/** The warning over an editor that kept its own text. */
export const notesChangedText = (by: string | null) =>
  by === null
    ? t("groceries.notes.changedElsewhere")
    : t("groceries.notes.changedBy", { name: by });
