import { useCallback } from "react";
import { t } from "../lib/i18n";
import { AS_WRITTEN_ID } from "./async-picker";
import { Picker, type PickerOption } from "./picker";

/**
 * A searchable dropdown over the server (react-select with its defaults: 'Select...',
 * 'Loading...', 'No options'). With `onCreate`, a missing entry can be added: the typed text is
 * offered as 'Add "..."'. With `asWritten`, the typed text (up to that many characters) is
 * also offered as it is, 'Use “...” as written', chosen as the option of id AS_WRITTEN_ID.
 * Heavy: pages render it as AsyncPicker (async-picker.tsx), after they are usable.
 */
export function AsyncPickerSelect({
  inputId,
  value,
  onChange,
  loadOptions,
  onCreate,
  asWritten,
  minChars = 2,
  invalid = false,
}: {
  inputId: string;
  value: PickerOption | null;
  onChange: (option: PickerOption | null) => void;
  loadOptions: (input: string) => Promise<PickerOption[]>;
  onCreate?: (name: string) => Promise<PickerOption>;
  /** The longest text that may be kept as written; absent: no such option. */
  asWritten?: number;
  minChars?: number;
  invalid?: boolean;
}) {
  // The found options, then the text as typed (react-select's create option comes last).
  const load = useCallback(
    async (input: string) => {
      const options = await loadOptions(input);
      const text = input.trim();
      if (asWritten === undefined || text === "" || text.length > asWritten) return options;
      return [...options, { id: AS_WRITTEN_ID, name: text }];
    },
    [loadOptions, asWritten],
  );
  return (
    <Picker<PickerOption>
      inputId={inputId}
      value={value}
      onChange={onChange}
      loadOptions={load}
      cacheOptions
      suggest={false}
      clearable
      label={(option) => option.name}
      menuLabel={(option) =>
        option.id === AS_WRITTEN_ID
          ? t("components.asyncPicker.asWritten", { name: option.name })
          : option.name
      }
      invalid={invalid}
      menuPlacement="auto"
      create={{
        // Creating is offered only when signed in (onCreate given) and no entry matches exactly.
        isValidNewOption: (input, _value, options) => {
          const name = input.trim();
          return (
            !!onCreate &&
            name.length >= minChars &&
            !options.some(
              (option) =>
                "name" in option &&
                option.id !== AS_WRITTEN_ID &&
                option.name.toLowerCase() === name.toLowerCase(),
            )
          );
        },
        getNewOptionData: (input) => ({
          id: -1,
          name: t("components.asyncPicker.add", { name: input.trim() }),
        }),
        formatCreateLabel: (input) => t("components.asyncPicker.add", { name: input.trim() }),

        onCreateOption: onCreate
          ? async (input) => {
              try {
                onChange(await onCreate(input.trim()));
              } catch {
                // Nothing was added; the field stays as it was and the user can pick again.
              }
            }
          : undefined,
      }}
    />
  );
}
