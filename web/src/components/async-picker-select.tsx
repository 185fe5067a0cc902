import { Picker, type PickerOption } from "./picker";

/**
 * A searchable dropdown over the server (react-select with its defaults: 'Select...',
 * 'Loading...', 'No options'). With `onCreate`, a missing entry can be added: the typed text is
 * offered as 'Add "..."'. Heavy: pages render it as AsyncPicker (async-picker.tsx), after they
 * are usable.
 */
export function AsyncPickerSelect({
  inputId,
  value,
  onChange,
  loadOptions,
  onCreate,
  minChars = 2,
  invalid = false,
}: {
  inputId: string;
  value: PickerOption | null;
  onChange: (option: PickerOption | null) => void;
  loadOptions: (input: string) => Promise<PickerOption[]>;
  onCreate?: (name: string) => Promise<PickerOption>;
  minChars?: number;
  invalid?: boolean;
}) {
  return (
    <Picker<PickerOption>
      inputId={inputId}
      value={value}
      onChange={onChange}
      loadOptions={loadOptions}
      cacheOptions
      suggest={false}
      clearable
      label={(option) => option.name}
      invalid={invalid}
      menuPlacement="auto"
      create={{
        // Creating is offered only when signed in (onCreate given) and nothing matches exactly.
        isValidNewOption: (input, _value, options) => {
          const name = input.trim();
          return (
            !!onCreate &&
            name.length >= minChars &&
            !options.some(
              (option) => "name" in option && option.name.toLowerCase() === name.toLowerCase(),
            )
          );
        },
        getNewOptionData: (input) => ({ id: -1, name: `Add "${input.trim()}"` }),
        formatCreateLabel: (input) => `Add "${input.trim()}"`,
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
