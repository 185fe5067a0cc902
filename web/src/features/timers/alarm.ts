import { t } from "../../lib/i18n";
import type { KitchenTimer } from "../../lib/timers/timer-state";

/**
 * What a timer does when it reaches zero: a beep pattern (Web Audio, no sound file to load), a
 * buzz where the device vibrates, and a notification when the app is not on screen. Every part
 * is best effort: a browser without the API, or a cook who said no, gets the others and the
 * "Done" in the strip; nothing here ever throws.
 */

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  try {
    const Audio =
      window.AudioContext ??
      (window as Window & { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
    if (!Audio) return null;
    context ??= new Audio();
    if (context.state === "suspended") void context.resume().catch(() => {});
    return context;
  } catch {
    return null;
  }
}

/**
 * Called from the tap that starts a timer: browsers let a page make sound only once the person
 * has touched it, so the sound is set up then, to be ready when the time is up.
 */
export function prepareSound(): void {
  audio();
}

/** Three short beeps every two seconds... */
const BURST_EVERY_S = 2;
/** ...for half a minute, or until the timer is dismissed. */
const BURSTS = 15;

/** Starts the beeps; returns what stops them. */
function beep(): () => void {
  const sound = audio();
  if (!sound) return () => {};
  try {
    const out = sound.createGain();
    out.connect(sound.destination);
    const start = sound.currentTime + 0.05;
    for (let burst = 0; burst < BURSTS; burst++) {
      for (let n = 0; n < 3; n++) {
        const at = start + burst * BURST_EVERY_S + n * 0.25;
        const tone = sound.createOscillator();
        tone.frequency.value = 880;
        const volume = sound.createGain();
        volume.gain.setValueAtTime(0, at);
        volume.gain.linearRampToValueAtTime(0.3, at + 0.01);
        volume.gain.linearRampToValueAtTime(0, at + 0.15);
        tone.connect(volume).connect(out);
        tone.start(at);
        tone.stop(at + 0.16);
      }
    }
    return () => {
      try {
        out.disconnect();
      } catch {
        // Already stopped.
      }
    };
  } catch {
    return () => {};
  }
}

const BUZZ = [400, 200, 400, 200, 800];

function buzz(on: boolean): void {
  try {
    navigator.vibrate?.(on ? BUZZ : 0);
  } catch {
    // No vibration here.
  }
}

/** Asks whether timers may notify, once: only while the cook has not decided yet. */
export function askToNotify(): void {
  try {
    if (!("Notification" in window) || Notification.permission !== "default") return;
    void Promise.resolve(Notification.requestPermission()).catch(() => {});
  } catch {
    // No notifications here.
  }
}

/** Tells a cook who is in another app or tab; on screen, the strip and the beeps say it. */
function notify(timer: KitchenTimer): void {
  try {
    if (document.visibilityState !== "hidden") return;
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    const title = t("timers.alarm.title", { name: timer.name });
    const options = {
      body: `${timer.length} · Potluck`,
      tag: `timer-${timer.id}`,
      icon: "/icon-192.png",
    };
    try {
      const notification = new Notification(title, options);
      notification.onclick = () => {
        window.focus();
        notification.close();
      };
    } catch {
      // Android's Chrome only shows notifications through the service worker.
      void navigator.serviceWorker?.ready
        .then((registration) => registration.showNotification(title, options))
        .catch(() => {});
    }
  } catch {
    // Notifications unavailable: the beeps and the strip remain.
  }
}

/** Rings for a timer that reached zero; returns what stops the ringing (on dismiss, +1 min). */
export function ring(timer: KitchenTimer): () => void {
  const stopBeeps = beep();
  buzz(true);
  notify(timer);
  return () => {
    stopBeeps();
    buzz(false);
  };
}
