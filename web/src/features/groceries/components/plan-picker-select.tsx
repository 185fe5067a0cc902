import AsyncSelect from "react-select/async";
import { MENU_MAX_HEIGHT, MENU_MIN_HEIGHT, selectStyles } from "../../../components/select-styles";
import type { Option } from "./plan-form";

const styles = selectStyles<Option>();

/**
 * Searches the recipes or ingredients to plan. Heavy: plan-form.tsx loads it after the page is
 * usable.
 */
export function PlanPickerSelect({
  inputId,
  value,
  onChange,
  loadOptions,
}: {
  inputId: string;
  value: Option | null;
  onChange: (option: Option | null) => void;
  loadOptions: (text: string) => Promise<Option[]>;
}) {
  return (
    <AsyncSelect<Option, false>
      inputId={inputId}
      value={value}
      onChange={onChange}
      loadOptions={loadOptions}
      cacheOptions
      isClearable
      getOptionLabel={(option) => option.name}
      getOptionValue={(option) => String(option.id)}
      styles={styles}
      maxMenuHeight={MENU_MAX_HEIGHT}
      minMenuHeight={MENU_MIN_HEIGHT}
      classNamePrefix="plan-picker"
    />
  );
}
