import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, signUp, uniqueName } from "./fixtures";

const screensDir = process.env.SCREENS_DIR ?? "test-results/screens";
const STEP = "Simmer for 1 minute, then let the soup rest 10 minutes.";

/** A recipe whose second step has two durations, published through the API. */
async function publishSoup(page: Page, title: string): Promise<number> {
  const { csrfToken } = await (await page.request.get("/api/auth/csrf/")).json();
  const response = await page.request.post("/api/recipes/recipes/", {
    headers: { "X-CSRFToken": csrfToken },
    multipart: {
      title,
      content: `<ol><li><p>Bring the stock to the boil.</p></li><li><p>${STEP}</p></li><li><p>Serve with bread.</p></li></ol>`,
      recipe_ingredients: "[]",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

interface AlarmLog {
  beeps: number;
  vibrations: unknown[];
  notifications: string[];
  visible: boolean;
  locks: number;
  released: number;
}

/**
 * Records what the page asks of the device when a timer rings (a beep started, a vibration, a
 * notification) and of the Screen Wake Lock API, and lets the test hide the page as switching
 * to another app does. The app's own code runs unchanged on top of these.
 */
function recordTheDevice() {
  const log: AlarmLog = {
    beeps: 0,
    vibrations: [],
    notifications: [],
    visible: true,
    locks: 0,
    released: 0,
  };
  Object.assign(window, { alarmLog: log });
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, ...args) {
    log.beeps++;
    return start.apply(this, args);
  };
  Object.defineProperty(navigator, "vibrate", {
    configurable: true,
    value: (pattern: unknown) => {
      log.vibrations.push(pattern);
      return true;
    },
  });
  const Shown = window.Notification;
  class RecordedNotification extends Shown {
    // The cook allowed notifications. (The headless shell the journeys run in answers
    // "denied" whatever the context grants; full Chromium honours grantPermissions.)
    static override get permission(): NotificationPermission {
      return "granted";
    }
    constructor(title: string, options?: NotificationOptions) {
      log.notifications.push(title);
      super(title, options);
    }
  }
  Object.defineProperty(window, "Notification", {
    configurable: true,
    writable: true,
    value: RecordedNotification,
  });
  Object.defineProperty(document, "visibilityState", {
    configurable: true,
    get: () => (log.visible ? "visible" : "hidden"),
  });
  Object.defineProperty(navigator, "wakeLock", {
    configurable: true,
    value: {
      request: async () => {
        log.locks++;
        const listeners: (() => void)[] = [];
        const sentinel = {
          released: false,
          addEventListener: (_: string, listener: () => void) => listeners.push(listener),
          release: async () => {
            if (sentinel.released) return;
            sentinel.released = true;
            log.released++;
            for (const listener of listeners) listener();
          },
        };
        return sentinel;
      },
    },
  });
}

const alarmLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { alarmLog: AlarmLog }).alarmLog);

const showPage = (page: Page, visible: boolean) =>
  page.evaluate((visible) => {
    (window as unknown as { alarmLog: AlarmLog }).alarmLog.visible = visible;
    document.dispatchEvent(new Event("visibilitychange"));
  }, visible);

/** "4:05" → 245 seconds. */
const seconds = (clock: string) => {
  const [minutes, secs] = clock.split(":").map(Number);
  return (minutes ?? 0) * 60 + (secs ?? 0);
};

test("a timer started in cook mode counts on other pages and rings at zero", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["notifications"]);
  await page.addInitScript(recordTheDevice);
  // The page's clock is the test's to move: a minute passes in an instant.
  await page.clock.install();

  const title = `Timer soup ${uniqueName("")}`;
  await signUp(page, uniqueName("timer"));
  const id = await publishSoup(page, title);
  await page.goto(`/recipes/${id}`);
  await page.getByRole("button", { name: "Cook mode" }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.getByRole("button", { name: "Next step" }).click();
  await expect(dialog.getByText("Step 2 of 3")).toBeVisible();

  // The step reads as written; each duration in it is a button.
  await expect(dialog.locator(".cook-step-text")).toHaveText(STEP);
  await dialog.getByRole("button", { name: "1 minute, start a timer" }).click();
  const strip = dialog.getByRole("region", { name: "Timers" });
  const simmer = strip.getByRole("listitem").filter({ hasText: "Simmer" });
  await expect(simmer).toContainText("Simmer · 1 min");
  await expect(simmer).toContainText(/[01]:\d\d/);
  await expect(dialog.getByRole("status")).toHaveText("Simmer timer started: 1 minute.");

  await dialog.getByRole("button", { name: "10 minutes, start a timer" }).click();
  const rest = strip.getByRole("listitem").filter({ hasText: "Let the soup" });
  await expect(rest).toContainText("Let the soup · 10 min");
  await expect(strip.getByRole("listitem")).toHaveCount(2);
  await expect(dialog.getByRole("status")).toHaveText("Let the soup timer started: 10 minutes.");

  // Two timers running, on a phone and on a laptop.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: `${screensDir}/timers-cook-mode-360.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${screensDir}/timers-cook-mode-1280.png` });
  await expectAccessible(page);

  // Pause keeps the time; the button says what it does next.
  await strip.getByRole("button", { name: "Pause Let the soup timer" }).click();
  await expect(rest).toContainText("Paused");
  const pausedAt = await rest.locator(".timer-clock").textContent();
  await expect(dialog.getByRole("status")).toHaveText(/^Let the soup timer paused, .* left\.$/);
  await page.clock.fastForward(5000);
  await expect(rest.locator(".timer-clock")).toHaveText(pausedAt ?? "");
  await strip.getByRole("button", { name: "Resume Let the soup timer" }).click();
  await expect(rest).not.toContainText("Paused");
  await strip.getByRole("button", { name: "+1 min on Let the soup timer" }).click();
  await expect(rest.locator(".timer-clock")).toHaveText(/^10:\d\d$/);

  // Out of cook mode and on to another page: the timers stay in view, counting.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("link", { name: "Explore Recipes" }).click();
  await expect(page).toHaveURL(/\/explore$/);
  const dock = page.getByRole("region", { name: "Timers" });
  const simmerOnPage = dock.getByRole("listitem").filter({ hasText: "Simmer" });
  const before = seconds((await simmerOnPage.locator(".timer-clock").textContent()) ?? "");
  expect(before).toBeGreaterThan(30);
  await page.clock.fastForward(20_000);
  await expect
    .poll(async () => seconds((await simmerOnPage.locator(".timer-clock").textContent()) ?? ""))
    .toBeLessThanOrEqual(before - 20);
  // A timer runs: the screen is kept on (cook mode's own lock went when it closed).
  let device = await alarmLog(page);
  expect(device.locks - device.released).toBe(1);

  // The cook is in another app when it reaches zero: a notification tells them.
  await showPage(page, false);
  await page.clock.fastForward(60_000);
  await expect
    .poll(async () => (await alarmLog(page)).notifications)
    .toEqual(["Simmer timer is done"]);
  await showPage(page, true);
  await expect(simmerOnPage.locator(".timer-clock")).toHaveText("Done");
  await expect(page.getByRole("status").filter({ hasText: "Simmer timer is done." })).toHaveCount(
    1,
  );
  device = await alarmLog(page);
  expect(device.beeps).toBeGreaterThan(0);
  expect(device.vibrations).toHaveLength(1);
  // The other one runs on.
  const restOnPage = dock.getByRole("listitem").filter({ hasText: "Let the soup" });
  await expect(restOnPage.locator(".timer-clock")).toHaveText(/^\d:\d\d$/);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: `${screensDir}/timers-done-on-explore-360.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${screensDir}/timers-done-on-explore-1280.png` });
  await expectAccessible(page);

  // A reload keeps both, done and running, and does not ring again.
  await page.reload();
  await expect(simmerOnPage.locator(".timer-clock")).toHaveText("Done");
  await expect(restOnPage.locator(".timer-clock")).toHaveText(/^\d:\d\d$/);
  device = await alarmLog(page);
  expect(device.beeps).toBe(0);

  // Dismissed, it goes; focus moves to the timer left. Cancelled, the strip goes and so does
  // the screen's lock.
  await dock.getByRole("button", { name: "Dismiss Simmer timer" }).click();
  await expect(simmerOnPage).toHaveCount(0);
  await expect(dock.getByRole("button", { name: "Pause Let the soup timer" })).toBeFocused();
  await dock.getByRole("button", { name: "Cancel Let the soup timer" }).click();
  await expect(dock).toHaveCount(0);
  await expect(
    page.getByRole("status").filter({ hasText: "Let the soup timer cancelled." }),
  ).toHaveCount(1);
  device = await alarmLog(page);
  expect(device.locks - device.released).toBe(0);
});
