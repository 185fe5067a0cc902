import "fake-indexeddb/auto";
import type { ShoppingItem } from "@potluck/contract";
import { afterEach, beforeEach, expect, test, vi } from "vitest";

// The tick queue against a real (in-memory) IndexedDB; only the network is faked, as a
// server that holds items and a switch for the connection.

vi.mock("../../../lib/api-client", async (original) => ({
  ...(await original<typeof import("../../../lib/api-client")>()),
  api: vi.fn(),
}));

const line = (id: number, name: string, isChecked = false): ShoppingItem =>
  ({
    id,
    is_checked: isChecked,
    quantity: 1,
    unit: { name: "g" },
    ingredient: { name },
    from_recipes: "Extras",
  }) as ShoppingItem;

const LIST = 7;
let online: boolean;
let server: Map<number, ShoppingItem>;
/** The PATCHes that reached the server, in order: [item id, is_checked]. */
let received: [number, boolean][];
/** Answers a PATCH with this error status instead of applying it. */
let refuseWith: number | null;

/** A fresh page: window and modules (and their memory) anew, on the same IndexedDB. */
async function loadPage() {
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
    if (url.startsWith("/api/groceries/items/?")) return [...server.values()];
    const id = Number(url.split("/")[4]);
    const item = server.get(id);
    if (!item) throw new ApiError(404, "Not Found", { detail: "Not found." });
    if (refuseWith) throw new ApiError(refuseWith, "Refused", { detail: "No." });
    const isChecked = (init as { json: { is_checked: boolean } }).json.is_checked;
    received.push([id, isChecked]);
    server.set(id, { ...item, is_checked: isChecked });
    return server.get(id);
  });
  const queue = await import("./tick-queue");
  const { queryClient } = await import("../../../lib/query-client");
  const { shoppingItemsQuery } = await import("./get-shopping-items");
  await queue.startTickQueue();
  const onScreen = async () => {
    await queryClient.fetchQuery({ ...shoppingItemsQuery(LIST), staleTime: 0 });
    return queryClient
      .getQueryData<ShoppingItem[]>(shoppingItemsQuery(LIST).queryKey)
      ?.map((item) => [item.id, item.is_checked]);
  };
  return { ...queue, onScreen };
}

const goOnline = () => {
  online = true;
  window.dispatchEvent(new Event("online"));
};

beforeEach(() => {
  online = true;
  server = new Map([
    [1, line(1, "Butter")],
    [2, line(2, "Flour")],
    [3, line(3, "Milk")],
  ]);
  received = [];
  refuseWith = null;
  vi.stubGlobal("navigator", {
    get onLine() {
      return online;
    },
  });
});

afterEach(async () => {
  const { clearTickQueue } = await import("./tick-queue");
  await clearTickQueue();
  vi.unstubAllGlobals();
});

test("ticks made offline survive a reload and are sent in the order made once back online", async () => {
  online = false;
  let page = await loadPage();
  await page.tickItem(LIST, 3, true);
  await page.tickItem(LIST, 1, true);
  await page.sendTicks();
  expect(received).toEqual([]);

  page = await loadPage(); // reloaded, still offline: the list shows both ticks
  expect(page.queuedTicks().map((tick) => tick.itemId)).toEqual([3, 1]);
  goOnline();
  await vi.waitFor(() => expect(page.queuedTicks()).toEqual([]));
  await page.sendTicks();
  expect(received).toEqual([
    [3, true],
    [1, true],
  ]);

  page = await loadPage(); // and once sent, they are gone from the device
  expect(page.queuedTicks()).toEqual([]);
});

test("a refetch while ticks wait shows the ticks, not the server's older state", async () => {
  online = false;
  const page = await loadPage();
  await page.tickItem(LIST, 2, true);
  online = true; // the list is fetched again (another shopper's change) before the tick is sent
  expect(await page.onScreen()).toEqual([
    [1, false],
    [2, true],
    [3, false],
  ]);
});

test("ticking and unticking offline sends the last state once", async () => {
  online = false;
  const page = await loadPage();
  await page.tickItem(LIST, 1, true);
  await page.tickItem(LIST, 1, false);
  await page.tickItem(LIST, 2, true);
  goOnline();
  await vi.waitFor(() => expect(page.queuedTicks()).toEqual([]));
  expect(received).toEqual([
    [1, false],
    [2, true],
  ]);
});

test("a tick of an item that has gone is dropped quietly, and the list refreshed", async () => {
  online = false;
  const page = await loadPage();
  await page.tickItem(LIST, 2, true);
  await page.tickItem(LIST, 3, true);
  server.delete(2); // its plan was removed by another shopper
  goOnline();
  await vi.waitFor(() => expect(page.queuedTicks()).toEqual([]));
  expect(received).toEqual([[3, true]]);
  expect(window.alert).not.toHaveBeenCalled();
  expect(await page.onScreen()).toEqual([
    [1, false],
    [3, true],
  ]);
});

test("a tick the server refuses is undone with the spec's alert", async () => {
  const page = await loadPage();
  refuseWith = 403;
  await page.tickItem(LIST, 1, true);
  await page.sendTicks();
  expect(window.alert).toHaveBeenCalledWith("Failed to update item status. Please try again.");
  expect(page.queuedTicks()).toEqual([]);
  expect(await page.onScreen()).toEqual([
    [1, false],
    [2, false],
    [3, false],
  ]);
});

test("a server that is away keeps the ticks waiting, without an alert", async () => {
  const page = await loadPage();
  const { api, ApiError } = await import("../../../lib/api-client");
  const answer = vi.mocked(api).getMockImplementation();
  vi.mocked(api).mockRejectedValue(new ApiError(503, "Service Unavailable", {}));
  await page.tickItem(LIST, 1, true);
  await page.sendTicks();
  expect(page.queuedTicks().map((tick) => tick.itemId)).toEqual([1]);
  expect(window.alert).not.toHaveBeenCalled();
  if (answer) vi.mocked(api).mockImplementation(answer); // the server is back: the retry sends it
  await vi.waitFor(() => expect(received).toEqual([[1, true]]), { timeout: 5000 });
  expect(page.queuedTicks()).toEqual([]);
});
