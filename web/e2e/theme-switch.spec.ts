import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signUp, uniqueName } from "./fixtures";

// Issue 22, item 7: the dark-mode switch looks like a switch in both themes: a track with the
// knob inside it, the label beside the track (not under the knob), and a visible focus ring.

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots";
const SHOT_NAME = process.env.SHOT_NAME ?? "theme-switch";

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The boxes of the switch's track, its knob (the track's ::after) and its label text. */
const geometry = (page: Page) =>
  page.getByRole("switch", { name: "Dark mode" }).evaluate((button) => {
    const box = (rect: DOMRect) => ({
      left: rect.left,
      top: rect.top,
      right: rect.right,
      bottom: rect.bottom,
    });
    const track = button.querySelector<HTMLElement>("[aria-hidden='true']");
    if (!track) throw new Error("no track");
    const trackRect = track.getBoundingClientRect();
    const knob = getComputedStyle(track, "::after");
    const knobLeft = trackRect.left + Number.parseFloat(knob.left) + track.clientLeft;
    const knobTop = trackRect.top + Number.parseFloat(knob.top) + track.clientTop;
    const matrix = new DOMMatrix(knob.transform === "none" ? undefined : knob.transform);
    const width = Number.parseFloat(knob.width);
    const height = Number.parseFloat(knob.height);
    // The label: every text node of the button (the words "Dark mode").
    const range = document.createRange();
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    let label: DOMRect | undefined;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      range.selectNodeContents(node);
      label = range.getBoundingClientRect();
    }
    if (!label) throw new Error("no label text");
    return {
      track: box(trackRect),
      knob: {
        left: knobLeft + matrix.e,
        top: knobTop + matrix.f,
        right: knobLeft + matrix.e + width,
        bottom: knobTop + matrix.f + height,
      },
      label: box(label),
      knobColor: knob.backgroundColor,
      trackColor: getComputedStyle(track).backgroundColor,
    };
  });

const inside = (inner: Box, outer: Box) =>
  inner.left >= outer.left - 0.5 &&
  inner.right <= outer.right + 0.5 &&
  inner.top >= outer.top - 0.5 &&
  inner.bottom <= outer.bottom + 0.5;

const overlap = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

async function expectLooksLikeASwitch(page: Page) {
  // Soft: a failing theme still lets the other theme be checked and photographed.
  const { track, knob, label, knobColor, trackColor } = await geometry(page);
  expect.soft(track.right - track.left, "track width").toBeGreaterThanOrEqual(32);
  expect
    .soft(inside(knob, track), `knob ${JSON.stringify(knob)} in track ${JSON.stringify(track)}`)
    .toBe(true);
  expect.soft(overlap(track, label), "label beside the track, not under it").toBe(false);
  expect.soft(knobColor).not.toBe(trackColor);
}

test("the dark-mode switch looks like a switch in both themes, on a phone", async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await signUp(page, uniqueName("switcher"));
  await page.evaluate(() => localStorage.setItem("potluck-theme", "light"));
  await page.reload();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("button", { name: /^Welcome, / }).click();
  const toggle = page.getByRole("switch", { name: "Dark mode" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  const phone = { fullPage: false } as const;

  // Focus by keyboard, as a keyboard user reaches it: a ring that can be seen.
  await toggle.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(toggle).toBeFocused();
  const outline = await toggle.evaluate((el) => {
    const style = getComputedStyle(el);
    return { width: Number.parseFloat(style.outlineWidth), style: style.outlineStyle };
  });
  expect(outline.style).not.toBe("none");
  expect(outline.width).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: `${SHOTS}/${SHOT_NAME}-light.png`, ...phone });
  await expectLooksLikeASwitch(page);

  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.screenshot({ path: `${SHOTS}/${SHOT_NAME}-dark.png`, ...phone });
  await expectLooksLikeASwitch(page);
  const box = await toggle.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
});
