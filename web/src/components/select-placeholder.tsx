import { t } from "../lib/i18n";

/**
 * Stands where a react-select picker will be while its code loads: a disabled field of the
 * picker's height showing the chosen value, labelled by the same <label for> (it takes the
 * picker's input id). Disabled, so nothing typed into it can be lost when the picker arrives,
 * and the journeys' fills wait for the real picker.
 */
export function SelectPlaceholder({ inputId, text }: { inputId: string; text?: string }) {
  return (
    <input
      id={inputId}
      className="select-placeholder"
      type="text"
      value={text ?? ""}
      placeholder={t("components.selectPlaceholder.loading")}
      disabled
      readOnly
    />
  );
}
