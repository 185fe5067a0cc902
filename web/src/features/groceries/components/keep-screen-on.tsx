import { useState } from "react";
import { t } from "../../../lib/i18n";
import { canKeepScreenOn, useScreenWakeLock } from "../../../lib/wake-lock";

/** "Keep screen on" while shopping, where the browser can; not offered where it cannot. */
export function KeepScreenOn() {
  const [wanted, setWanted] = useState(false);
  const lock = useScreenWakeLock(wanted);
  if (!canKeepScreenOn()) return null;
  return (
    <label className="keep-screen-on">
      <input
        type="checkbox"
        checked={wanted}
        onChange={(event) => setWanted(event.target.checked)}
      />
      {t("groceries.keepScreenOn.label")}
      {lock === "refused" && (
        <span className="field-error"> {t("groceries.keepScreenOn.refused")}</span>
      )}
    </label>
  );
}
