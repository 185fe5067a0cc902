import type { GroupBase, StylesConfig } from "react-select";

/**
 * react-select in our colours (the theme's custom properties, so it follows dark mode), with a placeholder and messages dark enough to read (its own
 * grey fails the contrast check) and the spec's menu heights.
 */
export function selectStyles<Option>(): StylesConfig<Option, false, GroupBase<Option>> {
  return {
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
}

export const MENU_MAX_HEIGHT = 300;
export const MENU_MIN_HEIGHT = 140;

/**
 * Promise-returning `load`, called only once typing pauses. Superseded calls never settle:
 * react-select already ignores every answer but the latest.
 */
export function debounced<T>(load: (input: string) => Promise<T>, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (input: string) =>
    new Promise<T>((resolve) => {
      clearTimeout(timer);
      timer = setTimeout(() => resolve(load(input)), ms);
    });
}
