import { useKitchenTimers } from "../../../lib/timers/timer-store";
import { useTimerAlarms } from "../use-timer-alarms";
import { TimerStrip } from "./timer-strip";

/**
 * The timers as the app shell carries them: the strip at the foot of the window on every page,
 * and the one alarm that rings them, wherever the cook has gone since starting one.
 */
export function TimerDock() {
  useTimerAlarms(useKitchenTimers());
  return <TimerStrip className="timer-dock" foldable />;
}
