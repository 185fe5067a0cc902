import type { NotificationSettings, UpdateNotificationSettingsBody } from "@potluck/contract";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { notificationKeys } from "./keys";

const SETTINGS_URL = "/api/users/me/notification-settings/";

export const notificationSettingsQuery = queryOptions({
  queryKey: notificationKeys.settings(),
  queryFn: ({ signal }) => api<NotificationSettings>(SETTINGS_URL, { signal }),
});

export const useNotificationSettings = () => useQuery(notificationSettingsQuery);

/** The settings with `change` applied: what the boxes show while it is saved. */
export function withChange(
  settings: NotificationSettings,
  change: UpdateNotificationSettingsBody,
): NotificationSettings {
  const next = { ...settings };
  for (const kind of Object.keys(change) as (keyof NotificationSettings)[]) {
    const part = change[kind];
    if (part) next[kind] = { ...settings[kind], ...part };
  }
  return next;
}

/**
 * Saves one change as soon as a box is ticked: the box shows it at once, and goes back if the
 * save fails. Changes are sent one after the other (one mutation scope), so the server's answer
 * to the last one, the whole settings, is the one kept.
 */
export function useUpdateNotificationSettings() {
  return useMutation({
    scope: { id: "notification-settings" },
    mutationFn: (change: UpdateNotificationSettingsBody) =>
      api<NotificationSettings>(SETTINGS_URL, { method: "PATCH", json: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.settings() });
      const before = queryClient.getQueryData<NotificationSettings>(notificationKeys.settings());
      if (before) queryClient.setQueryData(notificationKeys.settings(), withChange(before, change));
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(notificationKeys.settings(), context.before);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.settings() });
    },
    onSuccess: (settings) => queryClient.setQueryData(notificationKeys.settings(), settings),
  });
}
