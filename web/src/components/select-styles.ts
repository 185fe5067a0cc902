import type { GroupBase, StylesConfig } from "react-select";

/**
 * react-select in our colours, with a placeholder and messages dark enough to read (its own
 * grey fails the contrast check) and the spec's menu heights.
 */
export function selectStyles<Option>(): StylesConfig<Option, false, GroupBase<Option>> {
  return {
    control: (base, state) => ({
      ...base,
      minHeight: 44,
      borderRadius: 8,
      borderColor: state.isFocused ? "#a8481f" : "#cbbdb0",
      boxShadow: state.isFocused ? "0 0 0 2px #fbe9df" : "none",
      "&:hover": { borderColor: "#a8481f" },
    }),
    placeholder: (base) => ({ ...base, color: "#6b5d52" }),
    noOptionsMessage: (base) => ({ ...base, color: "#6b5d52" }),
    loadingMessage: (base) => ({ ...base, color: "#6b5d52" }),
    indicatorSeparator: (base) => ({ ...base, backgroundColor: "#cbbdb0" }),
    dropdownIndicator: (base) => ({ ...base, color: "#6b5d52" }),
    option: (base, state) => ({
      ...base,
      backgroundColor: state.isSelected ? "#a8481f" : state.isFocused ? "#fbe9df" : "#fff",
      color: state.isSelected ? "#fff" : "#2b2118",
    }),
    menu: (base) => ({ ...base, zIndex: 30 }),
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
