import { deferred } from "../../../components/deferred";
import { SelectPlaceholder } from "../../../components/select-placeholder";

/** FilterPickerSelect, loaded after the page is usable: react-select is a third of a page. */
export const FilterPicker = deferred(
  async () => (await import("./filter-picker-select")).FilterPickerSelect,
  ({ inputId }) => <SelectPlaceholder inputId={inputId} />,
);
