import "fake-indexeddb/auto";
import { afterEach, beforeEach, expect, test, vi } from "vitest";

// The queue of typed lines against a real (in-memory) IndexedDB; only the network is faked,
// as a server that keeps the lines it was sent and a switch for the connection.

vi.mock("../../../lib/api-client", async (original) => ({
  ...(await original<typeof import("../../../lib/api-client")>()),
  api: vi.fn(),
}));

const LIST = 7;
let online: boolean;
/** The lines that reached the server, in order: [list id, text]. */
let received: [number, string][];
/** Answers a POST with this error status (and body) instead of taking it. */
let refuseWith: { status: number; body: unknown } | null;

/** The page loaded last, to close before the next. */
let closeLast: (() => Promise<void>) | undefined;
/** The client_key of each add the server received, in order. */
let keys: (string | undefined)[] = [];
/** The next add is taken, and its answer lost on the way back. */
let loseAnswer = false;

/**
 * A fresh page: window and modules (and their memory) anew, on the same IndexedDB. The page
 * before is closed first: what it was writing to the device and sending has finished (every
 * test goes offline before a reload, so it sent nothing).
 */
async function loadPage() {
  await closeLast?.();
  const page = new EventTarget() as Window & typeof globalThis;
  page.alert = vi.fn();
  vi.stubGlobal("window", page);
  vi.resetModules();
  // The modules anew, the app's words too: English, as the test setup loads them.
  const { setCatalogue } = await import("../../../lib/i18n");
  setCatalogue("en", (await import("../../../lib/i18n/messages/en.json")).default);
  const { api, ApiError } = await import("../../../lib/api-client");
  vi.mocked(api).mockImplementation(async (url: string, init) => {
    if (!online) throw new TypeError("Failed to fetch");
    if (url === "/api/auth/csrf/") return { csrfToken: "token" };
    if (refuseWith) throw new ApiError(refuseWith.status, "Refused", refuseWith.body);
    const body = (init as { json: { grocery_list_id: number; text: string; client_key?: string } })
      .json;
    received.push([body.grocery_list_id, body.text]);
    keys.push(body.client_key);
    // The server took it, but its answer never arrived.
    if (loseAnswer) {
      loseAnswer = false;
      throw new TypeError("Failed to fetch");
    }
    return { id: received.length };
  });
  const queue = await import("./add-queue");
  await queue.startAddQueue();
  closeLast = async () => {
    await new Promise((resolve) => setTimeout(resolve, 20)); // its writes to IndexedDB
    await queue.sendLines();
  };
  return { ...queue, texts: () => queue.queuedLines().map((line) => line.text) };
}

const goOnline = () => {
  online = true;
  window.dispatchEvent(new Event("online"));
};

beforeEach(() => {
  online = true;
  received = [];
  keys = [];
  loseAnswer = false;
  refuseWith = null;
  // Web Locks as the browser's: one holder at a time across the pages of the app.
  let held = Promise.resolve();
  vi.stubGlobal("navigator", {
    get onLine() {
      return online;
    },
    locks: {
      request: (_name: string, work: () => Promise<void>) => {
        const run = held.then(work);
        held = run.catch(() => {});
        return run;
      },
    },
  });
});

afterEach(async () => {
  closeLast = undefined;
  const { clearAddQueue } = await import("./add-queue");
  await clearAddQueue();
  vi.unstubAllGlobals();
});

test("lines added offline wait on the device, survive a reload and go out in order once back", async () => {
  online = false;
  let page = await loadPage();
  const first = page.addLine(LIST, "paper towels");
  void page.addLine(LIST, "2 lemons");
  expect(page.texts()).toEqual(["paper towels", "2 lemons"]);
  await page.sendLines();
  expect(received).toEqual([]);

  page = await loadPage(); // reloaded, still offline: both still waiting, shown
  expect(page.texts()).toEqual(["paper towels", "2 lemons"]);
  goOnline();
  await vi.waitFor(() => expect(page.texts()).toEqual([]));
  expect(received).toEqual([
    [LIST, "paper towels"],
    [LIST, "2 lemons"],
  ]);
  // The page that typed the first line was closed: its promise never hears, and that is fine.
  void first;

  page = await loadPage(); // once sent, gone from the device: nothing is sent twice
  await page.sendLines();
  expect(page.texts()).toEqual([]);
  expect(received).toHaveLength(2);
});

test("a line sent again after its answer was lost carries the same key (issue 35 §3)", async () => {
  const page = await loadPage();
  loseAnswer = true;
  const sent = page.addLine(LIST, "paper towels");
  void page.addLine(LIST, "bin bags");
  await sent; // once the retry (1 s later) was answered
  await vi.waitFor(() => expect(page.texts()).toEqual([]));
  expect(received.map(([, text]) => text)).toEqual(["paper towels", "paper towels", "bin bags"]);
  // The same key twice, so the server answers the first add; another line, another key.
  expect(keys[0]).toEqual(expect.any(String));
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).not.toBe(keys[0]);
});

test("online, a line is sent at once and its promise says so", async () => {
  const page = await loadPage();
  await page.addLine(LIST, "500 g mystery flour");
  expect(received).toEqual([[LIST, "500 g mystery flour"]]);
  expect(page.texts()).toEqual([]);
});

test("a refusal rejects the line's promise (the field says why), without an alert", async () => {
  const page = await loadPage();
  refuseWith = {
    status: 400,
    body: { text: ["Ensure this field has no more than 200 characters."] },
  };
  await expect(page.addLine(LIST, "x")).rejects.toMatchObject({ status: 400 });
  expect(page.texts()).toEqual([]);
  expect(window.alert).not.toHaveBeenCalled();
});

test("a line typed before a reload and then refused is said in an alert; a gone list quietly drops it", async () => {
  online = false;
  let page = await loadPage();
  void page.addLine(LIST, "paper towels");
  page = await loadPage();
  refuseWith = { status: 400, body: { text: ["No."] } };
  goOnline();
  await vi.waitFor(() => expect(page.texts()).toEqual([]));
  expect(window.alert).toHaveBeenCalledWith(
    "Could not add “paper towels” to the list. Please add it again.",
  );

  online = false;
  void page.addLine(LIST, "foil");
  page = await loadPage();
  refuseWith = { status: 404, body: { detail: "Not found." } };
  goOnline();
  await vi.waitFor(() => expect(page.texts()).toEqual([]));
  expect(window.alert).not.toHaveBeenCalled();
});

test("a server that is away keeps the line waiting, and the retry sends it", async () => {
  const page = await loadPage();
  refuseWith = { status: 503, body: {} };
  const sent = page.addLine(LIST, "bin bags");
  await vi.waitFor(() => expect(vi.mocked(window.alert)).not.toHaveBeenCalled());
  await page.sendLines();
  expect(page.texts()).toEqual(["bin bags"]);
  refuseWith = null; // the server is back: the retry sends it
  await sent;
  expect(received).toEqual([[LIST, "bin bags"]]);
});

test("signing out forgets the waiting lines, here and on the device", async () => {
  online = false;
  let page = await loadPage();
  void page.addLine(LIST, "paper towels").catch(() => {});
  await page.clearAddQueue();
  page = await loadPage();
  expect(page.texts()).toEqual([]);
});
