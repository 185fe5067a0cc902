import type { GroceryListSummary } from "@potluck/contract";
import Select from "react-select";
import { MENU_MAX_HEIGHT, MENU_MIN_HEIGHT, selectStyles } from "../../../components/select-styles";

const styles = selectStyles<GroceryListSummary>();

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
    <Select<GroceryListSummary, false>
      inputId={inputId}
      options={lists}
      value={selected}
      onChange={(option) => option && onPick(option)}
      getOptionLabel={labelOf}
      getOptionValue={(option) => String(option.id)}
      placeholder="Select a list"
      isLoading={loading}
      isSearchable
      styles={styles}
      maxMenuHeight={MENU_MAX_HEIGHT}
      minMenuHeight={MENU_MIN_HEIGHT}
      classNamePrefix="list-picker"
    />
  );
}
