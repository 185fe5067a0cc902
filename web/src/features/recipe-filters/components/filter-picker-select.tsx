import { useCallback } from "react";
import { Picker } from "../../../components/picker";
import { t } from "../../../lib/i18n";
import { searchIngredients } from "../../../lib/ingredients/search-ingredients";
import { searchTags } from "../api/search-tags";

interface Named {
  id: number;
  name: string;
  count?: number;
}

export interface FilterPickerProps {
  inputId: string;
  /** "tag": the recipe tags the caller may read; "ingredient": the catalogue. */
  kind: "tag" | "ingredient";
  /** Names already chosen: not offered again. */
  chosen: string[];
  onPick: (option: { id: number; name: string }) => void;
}

/**
 * The filter bar's search pickers (react-select through components/picker.tsx): each pick adds
 * one value, shown as a chip beside it, and the field empties for the next. Heavy: the bar
 * renders it as FilterPicker (filter-picker.tsx), after the page is usable.
 */
export function FilterPickerSelect({ inputId, kind, chosen, onPick }: FilterPickerProps) {
  const chosenKey = chosen.join("\n");
  const loadOptions = useCallback(
    async (input: string): Promise<Named[]> => {
      const taken = new Set(chosenKey.split("\n"));
      if (kind === "tag") {
        const tags = await searchTags(input);
        return tags
          .filter((tag) => !taken.has(tag.name))
          .map((tag, index) => ({ id: index + 1, name: tag.name, count: tag.count }));
      }
      const found = await searchIngredients(input, 10);
      return found.filter((ingredient) => !taken.has(ingredient.name));
    },
    [kind, chosenKey],
  );
  return (
    <Picker<Named>
      inputId={inputId}
      value={null}
      onChange={(option) => option && onPick({ id: option.id, name: option.name })}
      loadOptions={loadOptions}
      // Tags: the most used ones before anything is typed; ingredients need two letters.
      suggest={kind === "tag"}
      label={(option) => option.name}
      menuLabel={(option) =>
        option.count === undefined ? option.name : `${option.name} (${option.count})`
      }
      placeholder={
        kind === "tag"
          ? t("recipeFilters.picker.tagPlaceholder")
          : t("recipeFilters.picker.ingredientPlaceholder")
      }
      menuPlacement="auto"
    />
  );
}
