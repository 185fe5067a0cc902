import type { CalendarLink } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * A new secret address of my planner as a calendar; the one made before stops working. The
 * server keeps only a hash of it, so the address can be shown only when it is made.
 */
export const createCalendarLink = () =>
  api<CalendarLink>("/api/planner/calendar-link/", { method: "POST" });

/** Turns the calendar address off. */
export const deleteCalendarLink = () =>
  api<void>("/api/planner/calendar-link/", { method: "DELETE" });

export const useCreateCalendarLink = () => useMutation({ mutationFn: createCalendarLink });
export const useDeleteCalendarLink = () => useMutation({ mutationFn: deleteCalendarLink });
