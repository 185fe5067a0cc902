import { Picker, type PickerOption } from "../../../components/picker";

/**
 * Searches the recipes or ingredients to plan. Heavy: plan-form.tsx loads it after the page is
 * usable.
 */
export function PlanPickerSelect({
  inputId,
  value,
  onChange,
  loadOptions,
  suggest,
}: {
  inputId: string;
  value: PickerOption | null;
  onChange: (option: PickerOption | null) => void;
  loadOptions: (text: string) => Promise<PickerOption[]>;
  /** Offer some options (what `loadOptions("")` gives) as soon as the picker opens. */
  suggest?: boolean;
}) {
  return (
    <Picker<PickerOption>
      inputId={inputId}
      value={value}
      onChange={onChange}
      loadOptions={loadOptions}
      cacheOptions
      suggest={suggest}
      clearable
      label={(option) => option.name}
      classNamePrefix="plan-picker"
    />
  );
}
