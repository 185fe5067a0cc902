import { deferred } from "./deferred";
import { SelectPlaceholder } from "./select-placeholder";

export type { PickerOption } from "./picker";

/** AsyncPickerSelect, loaded after the page is usable: react-select is a third of a page. */
export const AsyncPicker = deferred(
  async () => (await import("./async-picker-select")).AsyncPickerSelect,
  ({ inputId, value }) => <SelectPlaceholder inputId={inputId} text={value?.name} />,
);
