import type { ShoppingItem, UpdateShoppingItemBody } from "@potluck/contract";
import { clear, createStore, entries, promisifyRequest, set, type UseStore } from "idb-keyval";
import { ApiError, api } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { isNetworkFailure } from "../../../lib/offline/online";
import { reportPendingChanges } from "../../../lib/offline/pending-changes";
import { queryClient } from "../../../lib/query-client";
import { csrfQuery } from "../../../lib/session";
import { groceryKeys } from "./keys";

// Ticks on their way to the server. A tick applies on screen at once and waits here, kept in
// IndexedDB so that it survives a reload or a closed tab with no network, until the server
// has it. They are sent one at a time in the order they were made; each says the state it
// sets (is_checked true or false), so sending one twice does no harm.

export const itemToggleFailedText = () => t("groceries.items.tickFailed");

export interface QueuedTick {
  /** Order of the ticks: later ticks have higher numbers, also across reloads. */
  seq: number;
  listId: number;
  itemId: number;
  isChecked: boolean;
}

/** Answers that mean "not now" (too many requests; a server or its database away), not "no". */
export const WAIT_STATUSES = new Set([429, 502, 503, 504]);
/** A failed send is tried again after 1 s, 2 s, 4 s... up to every 30 s, and at once when the network is back. */
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** One entry per item (its latest tick), keyed by item id, in memory and on disk alike. */
const queue = new Map<number, QueuedTick>();
let store: UseStore | null = null;
let lastSeq = 0;
let sending: Promise<void> | null = null;
/** Asked to send during a run (the network came back while a send was failing): run again. */
let sendAgain = false;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

const reportCount = () => reportPendingChanges("ticks", queue.size);

/** Where the queue is kept: IndexedDB, or nowhere (memory only) where the browser refuses it. */
async function persist(write: (store: UseStore) => Promise<unknown>): Promise<void> {
  if (!store) return;
  try {
    await write(store);
  } catch (error) {
    console.error("Could not keep ticks on this device", error);
  }
}

/** Settles once the ticks a closed page left are loaded (reads of a list wait for it). */
let loaded: Promise<void> = Promise.resolve();

/** Loads the ticks a closed page left and starts sending them; once, at start. */
export function startTickQueue(): Promise<void> {
  loaded = loadQueue();
  return loaded;
}

async function loadQueue(): Promise<void> {
  try {
    store = createStore("potluck-offline", "ticks");
    for (const [, tick] of await entries<number, QueuedTick>(store)) {
      // Ticks made in this page since take precedence over older ones from disk.
      if ((queue.get(tick.itemId)?.seq ?? -1) < tick.seq) queue.set(tick.itemId, tick);
      lastSeq = Math.max(lastSeq, tick.seq);
    }
  } catch (error) {
    store = null;
    console.error(
      "IndexedDB is not available: ticks made offline last until the page closes",
      error,
    );
  }
  reportCount();
  window.addEventListener("online", () => {
    failures = 0;
    void sendTicks();
  });
  void sendTicks();
}

/** The ticks still to send, oldest first. */
export const queuedTicks = (): QueuedTick[] => [...queue.values()].sort((a, b) => a.seq - b.seq);

/** The items of a list as they are here: as the server sent them, with the ticks still waiting applied. */
export async function withQueuedTicks(
  listId: number,
  items: ShoppingItem[],
): Promise<ShoppingItem[]> {
  await loaded; // a reload offline shows the ticks made before it
  return items.map((item) => {
    const tick = queue.get(item.id);
    return tick && tick.listId === listId ? { ...item, is_checked: tick.isChecked } : item;
  });
}

const setItem = (listId: number, itemId: number, isChecked: boolean) =>
  queryClient.setQueryData<ShoppingItem[]>(groceryKeys.items(listId), (items) =>
    items?.map((item) => (item.id === itemId ? { ...item, is_checked: isChecked } : item)),
  );

/** Ticks (or unticks) an item: on screen now, on the server as soon as it can be sent. */
export async function tickItem(listId: number, itemId: number, isChecked: boolean): Promise<void> {
  const tick = { seq: Math.max(Date.now(), lastSeq + 1), listId, itemId, isChecked };
  lastSeq = tick.seq;
  queue.set(itemId, tick);
  reportCount();
  // A refetch on its way would land with the state from before the tick: cancel it. The
  // queue is in place first, so any later fetch of the list applies the tick (see
  // shoppingItemsQuery).
  await queryClient.cancelQueries({ queryKey: groceryKeys.items(listId) });
  setItem(listId, itemId, isChecked);
  await persist((s) => set(itemId, tick, s));
  void sendTicks();
}

/** Removes a tick that has been dealt with, unless the item was ticked again meanwhile. */
async function settle(tick: QueuedTick): Promise<void> {
  if (queue.get(tick.itemId)?.seq !== tick.seq) return;
  queue.delete(tick.itemId);
  reportCount();
  await persist((s) =>
    s("readwrite", (objects) => {
      // Another tab may have queued a newer tick of the item: delete only this one.
      const read = objects.get(tick.itemId);
      read.onsuccess = () => {
        if ((read.result as QueuedTick | undefined)?.seq === tick.seq) objects.delete(tick.itemId);
      };
      return promisifyRequest(objects.transaction);
    }),
  );
}

/** Sends the waiting ticks in order; one run at a time. Resolves when the current run stops. */
export function sendTicks(): Promise<void> {
  if (sending) {
    sendAgain = true;
    return sending;
  }
  sending = sendAll().finally(() => {
    sending = null;
    if (sendAgain) {
      sendAgain = false;
      void sendTicks();
    }
  });
  return sending;
}

async function sendAll(): Promise<void> {
  clearTimeout(retryTimer);
  const touched = new Set<number>();
  try {
    for (let tick = queuedTicks()[0]; tick; tick = queuedTicks()[0]) {
      const outcome = await send(tick);
      if (outcome === "wait") return scheduleRetry();
      failures = 0;
      touched.add(tick.listId);
      await settle(tick);
    }
  } finally {
    // What the server holds now: its own refresh of the lines (a plan made meanwhile, an
    // item gone), with any ticks still waiting applied on top.
    for (const listId of touched) {
      void queryClient.invalidateQueries({ queryKey: groceryKeys.items(listId) });
    }
  }
}

/** Sends one tick: "done" when the server has it, refused it or no longer has the item. */
async function send(tick: QueuedTick): Promise<"done" | "wait"> {
  try {
    // Writes carry the CSRF token: a page opened offline may not have it yet (one try, no
    // retries, which would wait for the network).
    if (!queryClient.getQueryData(csrfQuery.queryKey)) {
      await queryClient.fetchQuery({ ...csrfQuery, retry: false });
    }
    await api<ShoppingItem>(`/api/groceries/items/${tick.itemId}/`, {
      method: "PATCH",
      json: { is_checked: tick.isChecked } satisfies UpdateShoppingItemBody,
    });
    return "done";
  } catch (error) {
    if (isNetworkFailure(error)) return "wait";
    if (error instanceof ApiError && WAIT_STATUSES.has(error.status)) return "wait";
    // The item has gone (its plan was removed elsewhere): nothing to tick, the refresh shows it.
    if (error instanceof ApiError && error.status === 404) return "done";
    // A refusal: the refresh puts the item back as the server has it.
    console.error("Tick refused", error);
    window.alert(itemToggleFailedText());
    return "done";
  }
}

function scheduleRetry(): void {
  failures += 1;
  // Offline, the "online" event sends them; the timer covers a server that did not answer.
  if (!navigator.onLine) return;
  retryTimer = setTimeout(
    () => void sendTicks(),
    Math.min(RETRY_FIRST_MS * 2 ** (failures - 1), RETRY_MAX_MS),
  );
}

/** Forgets every waiting tick (signing out: they belong to the cook who made them). */
export async function clearTickQueue(): Promise<void> {
  queue.clear();
  reportCount();
  await persist((s) => clear(s));
}
