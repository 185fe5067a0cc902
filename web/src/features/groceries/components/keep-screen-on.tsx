import { useWakeLock } from "../../../lib/use-wake-lock";

/** "Keep screen on" while shopping, where the browser can; not offered where it cannot. */
export function KeepScreenOn() {
  const lock = useWakeLock();
  if (!lock.supported) return null;
  return (
    <label className="keep-screen-on">
      <input
        type="checkbox"
        checked={lock.wanted}
        onChange={(event) => lock.setWanted(event.target.checked)}
      />
      Keep screen on
      {lock.failed && <span className="field-error"> (not allowed here)</span>}
    </label>
  );
}
