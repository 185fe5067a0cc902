import { useMemo } from "react";
import Select, { type AriaLiveMessages, type GroupBase, type StylesConfig } from "react-select";
import AsyncSelect from "react-select/async";
import AsyncCreatableSelect, { type AsyncCreatableProps } from "react-select/async-creatable";
import { t } from "../lib/i18n";

/** An option of a picker that has a name (ingredients, recipes); any option has an id. */
export interface PickerOption {
  id: number;
  name: string;
}

// The spec's dropdown defaults.
const MENU_MAX_HEIGHT = 300;
const MENU_MIN_HEIGHT = 140;
const PAGE_SIZE = 5;
/** A search waits for typing to pause this long. */
const SEARCH_DELAY_MS = 250;

interface CommonProps<Option> {
  inputId: string;
  value: Option | null;
  onChange: (option: Option | null) => void;
  /** How an option reads. */
  label: (option: Option) => string;
  /** How an option reads in the open menu, when that differs from `label`. */
  menuLabel?: (option: Option) => string;
  placeholder?: string;
  clearable?: boolean;
  invalid?: boolean;
  /** The id of the error shown under the picker, if any. */
  errorId?: string;
  /** react-select's class names (`picker__input`...): styles.css undoes the form-field look. */
  classNamePrefix?: string;
  menuPlacement?: "auto" | "bottom" | "top";
}

/** A fixed set of options, filtered as the cook types. */
interface ListProps<Option> extends CommonProps<Option> {
  options: Option[];
  loading?: boolean;
}

/** Options searched on the server once typing pauses. */
interface SearchProps<Option> extends CommonProps<Option> {
  loadOptions: (input: string) => Promise<Option[]>;
  /** Search before anything is typed, to suggest some. */
  suggest?: boolean;
  /** Keep the answers per typed text. */
  cacheOptions?: boolean;
  /** Offer to add the typed text as a new option (react-select's creatable props). */
  create?: Pick<
    AsyncCreatableProps<Option, false, GroupBase<Option>>,
    "isValidNewOption" | "getNewOptionData" | "formatCreateLabel" | "onCreateOption"
  >;
}

export type PickerProps<Option> = ListProps<Option> | SearchProps<Option>;

/**
 * The one react-select of the app, in our colours and with the spec's menu sizes: a fixed
 * list (`options`) or a server search (`loadOptions`), optionally creatable. Heavy: its users
 * are loaded after the page is usable (see deferred.tsx).
 */
export function Picker<Option extends { id: number }>(props: PickerProps<Option>) {
  const loadOptions = "loadOptions" in props ? props.loadOptions : undefined;
  // One debounce per picker: a superseded search of one picker never settles (see debounced).
  const load = useMemo(() => loadOptions && debounced(loadOptions, SEARCH_DELAY_MS), [loadOptions]);
  const { label, menuLabel } = props;
  const shared = {
    inputId: props.inputId,
    value: props.value,
    onChange: (option: Option | null) => props.onChange(option ?? null),
    getOptionLabel: label,
    getOptionValue: (option: Option) => String(option.id),
    formatOptionLabel: menuLabel
      ? (option: Option, { context }: { context: "menu" | "value" }) =>
          context === "menu" ? menuLabel(option) : label(option)
      : undefined,
    // react-select's own words ('Select...', 'Loading...', 'No options'), in the reader's language.
    placeholder: props.placeholder ?? t("components.picker.placeholder"),
    loadingMessage: () => t("components.picker.loading"),
    noOptionsMessage: () => t("components.picker.noOptions"),
    ariaLiveMessages: ariaLiveMessages<Option>(),
    screenReaderStatus: ({ count }: { count: number }) => t("components.picker.results", { count }),

    isClearable: props.clearable,
    "aria-invalid": props.invalid || undefined,
    "aria-errormessage": props.errorId,
    styles: STYLES as StylesConfig<Option, false, GroupBase<Option>>,
    classNamePrefix: props.classNamePrefix ?? "picker",
    maxMenuHeight: MENU_MAX_HEIGHT,
    minMenuHeight: MENU_MIN_HEIGHT,
    pageSize: PAGE_SIZE,
    menuPlacement: props.menuPlacement,
    // react-select blurs its input after a pick on touch screens, which closes a phone's
    // keyboard between one tag (or ingredient, or cook) and the next: focus stays.
    blurInputOnSelect: false,
  };
  if ("options" in props) {
    return <Select<Option, false> {...shared} options={props.options} isLoading={props.loading} />;
  }
  const search = {
    loadOptions: load,
    defaultOptions: props.suggest,
    cacheOptions: props.cacheOptions,
  };
  if (props.create) {
    return <AsyncCreatableSelect<Option, false> {...shared} {...search} {...props.create} />;
  }
  return <AsyncSelect<Option, false> {...shared} {...search} />;
}

/**
 * react-select in our colours (the theme's custom properties, so it follows dark mode), with a
 * placeholder and messages dark enough to read (its own grey fails the contrast check).
 */
const STYLES: StylesConfig<unknown, false> = {
  control: (base, state) => ({
    ...base,
    minHeight: 44,
    borderRadius: 8,
    backgroundColor: "var(--color-input-bg)",
    borderColor: state.isFocused ? "var(--color-primary)" : "var(--color-input-border)",
    boxShadow: state.isFocused ? "0 0 0 2px var(--color-primary-soft)" : "none",
    "&:hover": { borderColor: "var(--color-primary)" },
  }),
  singleValue: (base) => ({ ...base, color: "var(--color-text)" }),
  input: (base) => ({ ...base, color: "var(--color-text)" }),
  placeholder: (base) => ({ ...base, color: "var(--color-muted)" }),
  noOptionsMessage: (base) => ({ ...base, color: "var(--color-muted)" }),
  loadingMessage: (base) => ({ ...base, color: "var(--color-muted)" }),
  indicatorSeparator: (base) => ({ ...base, backgroundColor: "var(--color-input-border)" }),
  dropdownIndicator: (base) => ({ ...base, color: "var(--color-muted)" }),
  clearIndicator: (base) => ({ ...base, color: "var(--color-muted)" }),
  option: (base, state) => ({
    ...base,
    backgroundColor: state.isSelected
      ? "var(--color-primary)"
      : state.isFocused
        ? "var(--color-primary-soft)"
        : "var(--color-surface)",
    color: state.isSelected ? "var(--color-on-primary)" : "var(--color-text)",
  }),
  menu: (base) => ({ ...base, zIndex: 30, backgroundColor: "var(--color-surface)" }),
};

/**
 * What react-select says to screen readers (its own defaults, which are English only), in the
 * reader's language; a single-value picker, so the multi-value contexts say nothing.
 */
function ariaLiveMessages<Option>(): AriaLiveMessages<Option, false, GroupBase<Option>> {
  return {
    guidance: ({ context, isInitialFocus, tabSelectsValue, ...props }) => {
      if (context === "menu") {
        return tabSelectsValue
          ? t("components.picker.menuGuidanceTab")
          : t("components.picker.menuGuidance");
      }
      if (context === "input" && isInitialFocus) {
        const label = props["aria-label"] || t("components.picker.placeholderName");
        return t("components.picker.inputGuidance", { label });
      }
      return "";
    },
    onChange: ({ action, label = "", labels, isDisabled }) => {
      switch (action) {
        case "deselect-option":
        case "pop-value":
        case "remove-value":
          return t("components.picker.deselected", { label });
        case "clear":
          return t("components.picker.cleared");
        case "initial-input-focus":
          return t("components.picker.initialSelected", {
            count: labels.length,
            labels: labels.join(","),
          });
        case "select-option":
          return isDisabled
            ? t("components.picker.disabledOption", { label })
            : t("components.picker.selected", { label });
        default:
          return "";
      }
    },
    onFocus: ({ context, focused, options, label = "", isDisabled, isSelected, isAppleDevice }) => {
      if (context !== "menu" || !isAppleDevice || options.length === 0) return "";
      return t("components.picker.focused", {
        label,
        selected: isSelected ? "yes" : "no",
        disabled: isDisabled ? "yes" : "no",
        index: options.indexOf(focused) + 1,
        total: options.length,
      });
    },
    onFilter: ({ inputValue, resultsMessage }) =>
      inputValue
        ? t("components.picker.filteredFor", { results: resultsMessage, search: inputValue })
        : t("components.picker.filtered", { results: resultsMessage }),
  };
}

/**
 * Promise-returning `load`
, called only once typing pauses. Superseded calls never settle:
 * react-select already ignores every answer but the latest.
 */
function debounced<T>(load: (input: string) => Promise<T>, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (input: string) =>
    new Promise<T>((resolve) => {
      clearTimeout(timer);
      timer = setTimeout(() => resolve(load(input)), ms);
    });
}
