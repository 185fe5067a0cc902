import type { GroceryListSummary } from "@potluck/contract";
import { Picker } from "../../../components/picker";
import { t } from "../../../lib/i18n";

/**
 * Picks one of the cook's lists (searchable). Heavy: list-selection.tsx loads it after the page
 * is usable.
 */
export function ListPickerSelect({
  inputId,
  lists,
  selected,
  loading,
  labelOf,
  onPick,
}: {
  inputId: string;
  lists: GroceryListSummary[];
  selected: GroceryListSummary | null;
  loading: boolean;
  labelOf: (list: GroceryListSummary) => string;
  onPick: (list: GroceryListSummary) => void;
}) {
  return (
    <Picker<GroceryListSummary>
      inputId={inputId}
      options={lists}
      value={selected}
      onChange={(list) => list && onPick(list)}
      label={labelOf}
      placeholder={t("groceries.listPicker.placeholder")}
      loading={loading}
      classNamePrefix="list-picker"
    />
  );
}
