import { formatLength } from "../../lib/timers/durations";
import { kitchenTimersNow, startKitchenTimer } from "../../lib/timers/timer-store";
import { askToNotify, prepareSound } from "./alarm";

/**
 * Starts a timer from a tap on a step's duration. The tap is what lets the page make sound
 * later; and the first timer is when to ask about notifications, which tell a cook in another
 * app that one is done.
 */
export function startTimerFromStep(name: string, seconds: number): void {
  prepareSound();
  if (kitchenTimersNow().length === 0) askToNotify();
  startKitchenTimer({ name, length: formatLength(seconds), seconds });
}
