import type { UserSummary } from "@potluck/contract";
import { t } from "../lib/i18n";
import { loadShareOptions, loadUserOptions } from "../lib/user-search";
import { Picker } from "./picker";

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
  forSharing = false,
}: {
  inputId: string;
  value: UserSummary | null;
  onChange: (user: UserSummary | null) => void;
  /** How a person reads in the open menu (the chosen one always reads as their username). */
  formatMenuLabel?: (user: UserSummary) => string;
  /** The id of an error shown under the picker, if any: the picker is then marked invalid. */
  errorId?: string;
  /** Offers cooks to share with (those I follow and share with first), not people to follow. */
  forSharing?: boolean;
}) {
  return (
    <Picker<UserSummary>
      inputId={inputId}
      value={value}
      onChange={onChange}
      loadOptions={forSharing ? loadShareOptions : loadUserOptions}
      suggest
      clearable
      placeholder={t("components.userPicker.placeholder")}
      label={(user) => user.username}
      menuLabel={formatMenuLabel}
      invalid={!!errorId}
      errorId={errorId}
    />
  );
}
