import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { NotesDraft } from "./api/notes-draft";
import {
  AUTOSAVE_DELAY_MS,
  createNotesAutosave,
  LOAD_GUARD_MS,
  type NotesAutosaveOptions,
  type NotesStatus,
  RETRY_FIRST_MS,
} from "./use-notes-autosave";

interface Call {
  notes: string;
  leavingPage: boolean;
  resolve: () => void;
  reject: () => void;
}

/** An autosave whose saves wait until the test answers them; the server holds what succeeded. */
function setUp(initialNotes = "", more: Partial<NotesAutosaveOptions> = {}) {
  const calls: Call[] = [];
  const statuses: NotesStatus[] = [];
  let draft: NotesDraft | null = null;
  let server = initialNotes;
  const autosave = createNotesAutosave({
    initialNotes,
    save: (notes, leavingPage) =>
      new Promise<string>((resolve, reject) => {
        calls.push({
          notes,
          leavingPage,
          resolve: () => {
            server = notes;
            resolve(notes);
          },
          reject: () => reject(new Error("500")),
        });
      }),
    keepDraft: (kept) => {
      draft = kept;
    },
    dropDraft: (notes) => {
      if (draft?.notes === notes) draft = null;
    },
    clearDraft: () => {
      draft = null;
    },
    onStatus: (status) => statuses.push(status),
    isOffline: () => false,
    ...more,
  });
  autosave.start();
  vi.advanceTimersByTime(LOAD_GUARD_MS);
  return { autosave, calls, statuses, draft: () => draft, server: () => server };
}

const nth = (calls: Call[], index: number): Call => {
  const call = calls[index];
  if (!call) throw new Error(`no save #${index}`);
  return call;
};

/** Lets the save's promise callbacks run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

test("saves 2 s after typing stops; every keystroke restarts the wait", () => {
  const { autosave, calls } = setUp();
  autosave.edit("a");
  vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
  autosave.edit("ab");
  vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
  expect(calls).toHaveLength(0);
  vi.advanceTimersByTime(1);
  expect(calls.map((call) => call.notes)).toEqual(["ab"]);
});

test("text typed during the load guard is saved from the end of it", () => {
  const calls: string[] = [];
  const autosave = createNotesAutosave({
    initialNotes: "",
    save: async (notes) => {
      calls.push(notes);
      return notes;
    },
    keepDraft: () => {},
    dropDraft: () => {},
    clearDraft: () => {},
    onStatus: () => {},
    isOffline: () => false,
  });
  autosave.start();
  autosave.edit("fast");
  vi.advanceTimersByTime(LOAD_GUARD_MS + AUTOSAVE_DELAY_MS - 1);
  expect(calls).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(calls).toEqual(["fast"]);
});

test("one save at a time, and only the latest text goes next", async () => {
  const { autosave, calls, server } = setUp();
  autosave.edit("one");
  vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
  autosave.edit("two");
  vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
  autosave.edit("three");
  autosave.leave(); // the page goes away while "one" is in flight
  expect(calls).toHaveLength(1);
  nth(calls, 0).resolve();
  await settle();
  expect(calls.map((call) => call.notes)).toEqual(["one", "three"]);
  expect(nth(calls, 1).leavingPage).toBe(true);
  nth(calls, 1).resolve();
  await settle();
  expect(server()).toBe("three");
});

test("leaving the page saves at once and leaves a draft until the server has it", async () => {
  const { autosave, calls, draft } = setUp("old");
  autosave.edit("new");
  autosave.leave();
  expect(calls.map((call) => [call.notes, call.leavingPage])).toEqual([["new", true]]);
  expect(draft()).toEqual({ notes: "new", base: "old" });
  nth(calls, 0).resolve();
  await settle();
  expect(draft()).toBeNull();
});

test("a failed save keeps its text, leaves a draft and is retried with a growing wait", async () => {
  const { autosave, calls, statuses, draft, server } = setUp("old");
  autosave.edit("mine");
  vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
  nth(calls, 0).reject();
  await settle();
  expect(statuses.at(-1)).toBe("error");
  expect(draft()).toEqual({ notes: "mine", base: "old" });
  expect(autosave.hasUnsavedText()).toBe(true);

  vi.advanceTimersByTime(RETRY_FIRST_MS);
  expect(calls.map((call) => call.notes)).toEqual(["mine", "mine"]);
  nth(calls, 1).reject();
  await settle();
  vi.advanceTimersByTime(RETRY_FIRST_MS);
  expect(calls).toHaveLength(2); // now waits 2 s
  vi.advanceTimersByTime(RETRY_FIRST_MS);
  expect(calls).toHaveLength(3);
  expect(statuses.at(-1)).toBe("error"); // no flicker to 'Saving...' while retrying

  nth(calls, 2).resolve();
  await settle();
  expect(server()).toBe("mine");
  expect(statuses.at(-1)).toBe("saved");
  expect(draft()).toBeNull();
  expect(autosave.hasUnsavedText()).toBe(false);
});

test("text typed after a failure replaces the failed text, never the other way round", async () => {
  const { autosave, calls, server } = setUp();
  autosave.edit("first");
  vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
  autosave.edit("second");
  nth(calls, 0).reject();
  await settle();
  vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
  expect(calls.map((call) => call.notes)).toEqual(["first", "second"]);
  nth(calls, 1).resolve();
  await settle();
  vi.advanceTimersByTime(60_000);
  expect(calls).toHaveLength(2);
  expect(server()).toBe("second");
});

test("paused (their notes are offered), nothing is sent until the next edit", async () => {
  const { autosave, calls } = setUp("base");
  autosave.edit("mine");
  autosave.pause();
  vi.advanceTimersByTime(AUTOSAVE_DELAY_MS * 5);
  expect(calls).toHaveLength(0);
  autosave.edit("mine!");
  vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
  expect(calls.map((call) => call.notes)).toEqual(["mine!"]);
});

test("loading their notes gives up the text here and its draft", async () => {
  const { autosave, calls, draft } = setUp("base");
  autosave.edit("mine");
  vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
  nth(calls, 0).reject();
  await settle();
  expect(draft()).not.toBeNull();
  autosave.discard("theirs");
  vi.advanceTimersByTime(60_000);
  expect(calls).toHaveLength(1);
  expect(draft()).toBeNull();
  expect(autosave.confirmed()).toBe("theirs");
  expect(autosave.hasUnsavedText()).toBe(false);
});

test("stopped (unmounted): the unsaved text goes at once and no status follows", async () => {
  const { autosave, calls, statuses } = setUp();
  autosave.edit("bye");
  const seen = statuses.length;
  autosave.stop();
  expect(calls.map((call) => [call.notes, call.leavingPage])).toEqual([["bye", true]]);
  nth(calls, 0).reject();
  await settle();
  vi.advanceTimersByTime(60_000);
  expect(calls).toHaveLength(1); // the draft sends it on the next load
  expect(statuses).toHaveLength(seen);
});

test("a draft an earlier page left unsaved goes as soon as the editor is up, with no typing pause", () => {
  const { calls } = setUp("<p>old</p>", { unsavedDraft: "<p>typed offline</p>" });
  expect(calls.map((call) => call.notes)).toEqual(["<p>typed offline</p>"]);
});

test("offline, a failed save says so; back online it goes at once, not at its next retry", async () => {
  const unsaved: boolean[] = [];
  const { autosave, calls, statuses } = setUp("", {
    isOffline: () => true,
    onUnsaved: (hasUnsaved) => unsaved.push(hasUnsaved),
  });
  autosave.edit("Ask for the big bag");
  vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
  nth(calls, 0).reject();
  await settle();
  expect(statuses.at(-1)).toBe("offline");
  autosave.retryNow();
  expect(calls).toHaveLength(2);
  nth(calls, 1).resolve();
  await settle();
  expect(statuses.at(-1)).toBe("saved");
  // the sync bar counted the text as waiting from the first keystroke until the server had it
  expect(unsaved).toEqual([true, false]);
});
