import { Picker } from "../../../components/picker";
import { t } from "../../../lib/i18n";
import type { RecipeOption } from "../api/search-recipes";

/** Searches the recipes to plan. Heavy: add-entry-dialog.tsx loads it once the dialog opens. */
export function RecipePickerSelect({
  inputId,
  value,
  onChange,
  loadOptions,
}: {
  inputId: string;
  value: RecipeOption | null;
  onChange: (option: RecipeOption | null) => void;
  loadOptions: (text: string) => Promise<RecipeOption[]>;
}) {
  return (
    <Picker<RecipeOption>
      inputId={inputId}
      value={value}
      onChange={onChange}
      loadOptions={loadOptions}
      cacheOptions
      suggest
      clearable
      label={(option) => option.name}
      placeholder={t("planner.add.searchRecipes")}
      classNamePrefix="plan-picker"
    />
  );
}
