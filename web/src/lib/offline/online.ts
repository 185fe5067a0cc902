import { useSyncExternalStore } from "react";

// Whether the browser believes it has a network. `false` is reliable (no network at all);
// `true` only means "maybe", so a failed request is still treated as a failed request.

const subscribe = (listener: () => void) => {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
};

export const isOnline = () => navigator.onLine;

export const useOnline = () => useSyncExternalStore(subscribe, isOnline);

/** A request that never reached the server (fetch rejects with a TypeError), not a refusal. */
export const isNetworkFailure = (error: unknown) => error instanceof TypeError;
