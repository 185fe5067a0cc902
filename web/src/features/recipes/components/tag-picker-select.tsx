import { useCallback, useRef } from "react";
import { Picker } from "../../../components/picker";
import { t } from "../../../lib/i18n";
import { fetchTagSuggestions } from "../api/get-tags";

interface TagOption {
  id: number;
  name: string;
  /** How many readable recipes carry it; null for a new tag typed by the cook. */
  count: number | null;
}

/**
 * The tag picker: the cook's text searched among the tags in use (most used first, some
 * suggested before anything is typed), or added as a new tag. Picking adds a chip; the picker
 * empties for the next one. Heavy (react-select): tags-field.tsx loads it after the page.
 */
export function TagPickerSelect({
  inputId,
  tags,
  onAdd,
  invalid,
  errorId,
}: {
  inputId: string;
  tags: string[];
  onAdd: (tag: string) => void;
  invalid?: boolean;
  errorId?: string;
}) {
  // Read when the answers come, so the search stays one debounce for the picker's life.
  const chosen = useRef(tags);
  chosen.current = tags;
  const loadOptions = useCallback(async (input: string): Promise<TagOption[]> => {
    const found = await fetchTagSuggestions(input).catch(() => []);
    return found
      .filter((tag) => !chosen.current.includes(tag.name))
      .map((tag, index) => ({ id: index + 1, name: tag.name, count: tag.count }));
  }, []);
  return (
    <Picker<TagOption>
      inputId={inputId}
      value={null}
      onChange={(option) => option && onAdd(option.name)}
      loadOptions={loadOptions}
      suggest
      label={(option) => option.name}
      menuLabel={(option) =>
        option.count === null
          ? t("recipes.tags.addTag", { tag: option.name })
          : t("recipes.tags.option", { tag: option.name, count: option.count })
      }
      placeholder={t("recipes.tags.placeholder")}
      invalid={invalid}
      errorId={errorId}
      classNamePrefix="picker"
      menuPlacement="auto"
      create={{
        isValidNewOption: (input, _value, options) => {
          const name = input.trim().toLowerCase();
          return (
            name !== "" &&
            !chosen.current.includes(name) &&
            !options.some((option) => "name" in option && option.name === name)
          );
        },
        getNewOptionData: (input) => ({ id: -1, name: input.trim().toLowerCase(), count: null }),
        formatCreateLabel: (input) => t("recipes.tags.addTag", { tag: input.trim().toLowerCase() }),
        onCreateOption: (input) => onAdd(input),
      }}
    />
  );
}
