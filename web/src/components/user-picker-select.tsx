import type { UserSummary } from "@potluck/contract";
import { useMemo } from "react";
import AsyncSelect from "react-select/async";
import { loadUserOptions } from "../lib/user-search";
import { debounced, MENU_MAX_HEIGHT, MENU_MIN_HEIGHT, selectStyles } from "./select-styles";

const SEARCH_DELAY_MS = 250;
const pickerStyles = selectStyles<UserSummary>();

/**
 * Finds a cook by username (`GET /api/users/search/`), suggesting people before anything is
 * typed. Used by the follow dialog and the grocery Share panel, as UserPicker (user-picker.tsx),
 * which loads it after the page is usable.
 */
export function UserPickerSelect({
  inputId,
  value,
  onChange,
  formatMenuLabel = (user) => user.username,
  errorId,
}: {
  inputId: string;
  value: UserSummary | null;
  onChange: (user: UserSummary | null) => void;
  /** How a person reads in the open menu (the chosen one always reads as their username). */
  formatMenuLabel?: (user: UserSummary) => string;
  /** The id of an error shown under the picker, if any: the picker is then marked invalid. */
  errorId?: string;
}) {
  // One debounce per picker: a superseded search of one picker never settles (see debounced).
  const loadOptions = useMemo(() => debounced(loadUserOptions, SEARCH_DELAY_MS), []);
  return (
    <AsyncSelect<UserSummary, false>
      inputId={inputId}
      value={value}
      onChange={(user) => onChange(user ?? null)}
      loadOptions={loadOptions}
      defaultOptions
      isClearable
      placeholder="Search by username..."
      getOptionLabel={(user) => user.username}
      getOptionValue={(user) => String(user.id)}
      formatOptionLabel={(user, { context }) =>
        context === "menu" ? formatMenuLabel(user) : user.username
      }
      aria-invalid={errorId ? true : undefined}
      aria-errormessage={errorId}
      styles={pickerStyles}
      classNamePrefix="picker"
      maxMenuHeight={MENU_MAX_HEIGHT}
      minMenuHeight={MENU_MIN_HEIGHT}
    />
  );
}
