import { deferred } from "./deferred";
import { SelectPlaceholder } from "./select-placeholder";

export type { PickerOption } from "./picker";

/**
 * The id of the option that keeps what was typed as written (AsyncPickerSelect's `asWritten`):
 * its `name` is the text. No catalogue entry has it (ids start at 1).
 */
export const AS_WRITTEN_ID = 0;

/** AsyncPickerSelect, loaded after the page is usable: react-select is a third of a page. */
export const AsyncPicker = deferred(
  async () => (await import("./async-picker-select")).AsyncPickerSelect,
  ({ inputId, value }) => <SelectPlaceholder inputId={inputId} text={value?.name} />,
);
