import { deferred } from "./deferred";
import { SelectPlaceholder } from "./select-placeholder";

/** UserPickerSelect, loaded after the page is usable: react-select is a third of a page. */
export const UserPicker = deferred(
  async () => (await import("./user-picker-select")).UserPickerSelect,
  ({ inputId, value }) => <SelectPlaceholder inputId={inputId} text={value?.username} />,
);
