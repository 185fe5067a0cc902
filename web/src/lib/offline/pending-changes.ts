import { useSyncExternalStore } from "react";

// How many changes made here have not reached the server yet, by where they wait (the tick
// queue, each list's notes), for the sync bar. Each source reports its own count.

const counts = new Map<string, number>();
const listeners = new Set<() => void>();
let total = 0;

export function reportPendingChanges(source: string, count: number): void {
  if ((counts.get(source) ?? 0) === count) return;
  if (count > 0) counts.set(source, count);
  else counts.delete(source);
  total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const pendingChangesTotal = () => total;

export const usePendingChanges = () => useSyncExternalStore(subscribe, pendingChangesTotal);
