import type { CreateTextExtraBody, PlannedExtra } from "@potluck/contract";
import { clear, createStore, del, entries, set, type UseStore } from "idb-keyval";
import { useSyncExternalStore } from "react";
import { ApiError, api } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { isNetworkFailure } from "../../../lib/offline/online";
import { reportPendingChanges } from "../../../lib/offline/pending-changes";
import { queryClient } from "../../../lib/query-client";
import { csrfQuery } from "../../../lib/session";
import { groceryKeys } from "./keys";
import { WAIT_STATUSES } from "./tick-queue";

// Lines typed into a list ("Add an item") on their way to the server, as ticks are (see
// tick-queue.ts): each shows on the list at once and waits here, kept in IndexedDB so that
// it survives a reload or a closed tab with no network, until the server has it. Sent one at
// a time in the order they were typed. Unlike a tick, sending one twice would add it twice:
// the sending runs under a lock shared by the app's tabs (where the browser has Web Locks),
// and reads the lines from the device first, so two tabs never send the same line.

export interface QueuedLine {
  /** Order of the lines, also across reloads; the key of the line on the device. */
  seq: number;
  listId: number;
  text: string;
  /**
   * The add's key (client_key), made once when the line is typed and sent with every try: a
   * try whose answer was lost is answered with the line the first one added, never a second.
   * Absent on lines queued before keys existed.
   */
  key?: string;
}

/** A failed send is tried again after 1 s, 2 s, 4 s... up to every 30 s, and at once when the network is back. */
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;
const LOCK = "potluck-add-queue";

const queue = new Map<number, QueuedLine>();
let store: UseStore | null = null;
let lastSeq = 0;
let sending: Promise<void> | null = null;
let sendAgain = false;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** The pages waiting on their line: told when the server has it or refuses it. */
const waiting = new Map<number, { resolve: () => void; reject: (error: unknown) => void }>();

// The lines as React reads them: a new array after each change, the same one in between.
let snapshot: QueuedLine[] = [];
const listeners = new Set<() => void>();
function changed(): void {
  snapshot = [...queue.values()].sort((a, b) => a.seq - b.seq);
  reportPendingChanges("added lines", queue.size);
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The lines still to send, oldest first. */
export const queuedLines = (): QueuedLine[] => snapshot;

/** The lines typed into this list that the server does not have yet, oldest first. */
export function usePendingLines(listId: number): QueuedLine[] {
  const lines = useSyncExternalStore(subscribe, queuedLines);
  return lines.filter((line) => line.listId === listId);
}

async function persist(write: (store: UseStore) => Promise<unknown>): Promise<void> {
  if (!store) return;
  try {
    await write(store);
  } catch (error) {
    console.error("Could not keep added lines on this device", error);
  }
}

/** Loads the lines a closed page left and starts sending them; once, at start. */
export async function startAddQueue(): Promise<void> {
  try {
    // A database of its own: idb-keyval makes one store per database.
    store = createStore("potluck-offline-lines", "lines");
    await readDevice();
  } catch (error) {
    store = null;
    console.error(
      "IndexedDB is not available: lines added offline last until the page closes",
      error,
    );
  }
  window.addEventListener("online", () => {
    failures = 0;
    void sendLines();
  });
  void sendLines();
}

/** Takes in the lines on the device (another tab's, a closed page's) that are not here yet. */
async function readDevice(): Promise<void> {
  if (!store) return;
  const onDevice = await entries<number, QueuedLine>(store);
  const kept = new Set(onDevice.map(([seq]) => seq));
  // Sent by another tab meanwhile: gone from the device, so gone here (unless it is ours and
  // was never written, with no store).
  for (const seq of queue.keys()) if (!kept.has(seq) && !waiting.has(seq)) queue.delete(seq);
  for (const [, line] of onDevice) {
    queue.set(line.seq, line);
    lastSeq = Math.max(lastSeq, line.seq);
  }
  changed();
}

/**
 * Adds a typed line to a list: on the list (as waiting) now, on the server as soon as it can
 * be sent. Resolves once the server has it; rejects with the server's refusal (the line is
 * then dropped: the caller says why). Offline it waits for the network, so callers that only
 * need to know it is queued should not wait for it.
 */
export function addLine(listId: number, text: string): Promise<void> {
  const line = { seq: Math.max(Date.now(), lastSeq + 1), listId, text, key: newAddKey() };
  lastSeq = line.seq;
  queue.set(line.seq, line);
  changed();
  const sent = new Promise<void>((resolve, reject) => waiting.set(line.seq, { resolve, reject }));
  void persist((s) => set(line.seq, line, s)).then(() => sendLines());
  return sent;
}

/** A random key for one add (crypto.randomUUID needs a secure context: else random bits). */
export function newAddKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function settle(line: QueuedLine, refusal?: unknown): Promise<void> {
  queue.delete(line.seq);
  changed();
  await persist((s) => del(line.seq, s));
  const waiter = waiting.get(line.seq);
  waiting.delete(line.seq);
  if (refusal === undefined) waiter?.resolve();
  else if (waiter) waiter.reject(refusal);
  else if (!(refusal instanceof ApiError && refusal.status === 404)) {
    // Typed before a reload: no field to say it under any more. (A list that has gone since
    // takes its lines with it, as it takes its ticks.)
    window.alert(t("groceries.quickAdd.addFailedAlert", { text: line.text }));
  }
}

/** Sends the waiting lines in order; one run at a time. Resolves when the current run stops. */
export function sendLines(): Promise<void> {
  if (sending) {
    sendAgain = true;
    return sending;
  }
  sending = withLock(sendAll).finally(() => {
    sending = null;
    if (sendAgain) {
      sendAgain = false;
      void sendLines();
    }
  });
  return sending;
}

/** Runs `work` while no other tab of the app sends lines (or just runs it, without Web Locks). */
function withLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? locks.request(LOCK, () => work()).then(() => undefined) : work();
}

async function sendAll(): Promise<void> {
  clearTimeout(retryTimer);
  await readDevice().catch((error) => console.error("Could not read added lines", error));
  for (let line = snapshot[0]; line; line = snapshot[0]) {
    const outcome = await send(line);
    if (outcome === "wait") return scheduleRetry();
    failures = 0;
    // The list with the line in it before the waiting row goes, so it never blinks out.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: groceryKeys.items(line.listId) }),
      queryClient.invalidateQueries({ queryKey: groceryKeys.plannedExtras(line.listId) }),
    ]);
    await settle(line, outcome === "done" ? undefined : outcome.refused);
  }
}

/** Sends one line: "done" when the server has it, the refusal when it will never take it. */
async function send(line: QueuedLine): Promise<"done" | "wait" | { refused: unknown }> {
  try {
    // Writes carry the CSRF token: a page opened offline may not have it yet.
    if (!queryClient.getQueryData(csrfQuery.queryKey)) {
      await queryClient.fetchQuery({ ...csrfQuery, retry: false });
    }
    await api<PlannedExtra>("/api/groceries/planned-extras/", {
      method: "POST",
      json: {
        grocery_list_id: line.listId,
        text: line.text,
        ...(line.key ? { client_key: line.key } : {}),
      } satisfies CreateTextExtraBody,
    });
    return "done";
  } catch (error) {
    if (isNetworkFailure(error)) return "wait";
    if (error instanceof ApiError && WAIT_STATUSES.has(error.status)) return "wait";
    return { refused: error };
  }
}

function scheduleRetry(): void {
  failures += 1;
  // Offline, the "online" event sends them; the timer covers a server that did not answer.
  if (!navigator.onLine) return;
  retryTimer = setTimeout(
    () => void sendLines(),
    Math.min(RETRY_FIRST_MS * 2 ** (failures - 1), RETRY_MAX_MS),
  );
}

/** Forgets every waiting line (signing out: they belong to the cook who typed them). */
export async function clearAddQueue(): Promise<void> {
  queue.clear();
  for (const waiter of waiting.values()) waiter.reject(new Error("Signed out"));
  waiting.clear();
  changed();
  await persist((s) => clear(s));
}
