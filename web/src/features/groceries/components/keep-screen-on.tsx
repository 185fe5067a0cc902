import { useState } from "react";
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
      Keep screen on
      {lock === "refused" && <span className="field-error"> (not allowed here)</span>}
    </label>
  );
}
