import type { ReportBody, ReportReceipt } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "./api-client";

// Reports (decision 0033). In lib, not in a feature: recipes (the recipe page), comments (feed)
// and cooks (their profile) are reported alike.

export const sendReport = (body: ReportBody) =>
  api<ReportReceipt>("/api/reports/", { method: "POST", json: body });

export const useSendReport = () => useMutation({ mutationFn: sendReport });

/** What a report is about: one of a recipe, a comment, a cook. */
export type ReportTarget = { recipe_id: number } | { comment_id: number } | { username: string };
