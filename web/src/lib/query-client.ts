import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-error";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      // Ask even when the browser says it is offline: the service worker answers with the
      // last copy it kept (see vite.config.ts), so a list opened before opens with no network.
      networkMode: "offlineFirst",
    },
    // A write made offline fails at once and says so (ticks and notes have their own queue),
    // rather than waiting, unseen, for a network that may come after the page is gone.
    mutations: { networkMode: "always" },
  },
});
