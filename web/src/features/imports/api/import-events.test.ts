import type { ImportDetail, ImportSummary } from "@potluck/contract";
import { QueryObserver } from "@tanstack/react-query";
import { expect, test } from "vitest";
import { queryClient } from "../../../lib/query-client";
import { applyProgress } from "./import-events";
import { importKeys } from "./keys";

// The Import page's detail under a stream of changes: the server's answers arrive late and
// out of turn, as on a busy machine. Whatever a fetch that left early brings, the page ends
// on the import's last state.

const summary = (status: ImportSummary["status"]): ImportSummary =>
  ({ id: 1, status, total: 8, processed: 8, imported: 8, skipped: 0, failed: 0 }) as ImportSummary;
const detail = (status: ImportSummary["status"]): ImportDetail =>
  ({ ...summary(status), items: [] }) as unknown as ImportDetail;

test("the last change wins over a fetch that left before it", async () => {
  const answers: ((value: ImportDetail) => void)[] = [];
  const observer = new QueryObserver<ImportDetail>(queryClient, {
    queryKey: importKeys.detail(1),
    queryFn: () => new Promise<ImportDetail>((resolve) => answers.push(resolve)),
  });
  const unsubscribe = observer.subscribe(() => {});
  answers.shift()?.(detail("running"));
  await new Promise((resolve) => setTimeout(resolve));

  // The last recipe's change: a fetch leaves, and is slow.
  applyProgress(summary("running"), () => {});
  const early = answers.shift();
  // The end arrives while it is on its way; the server then answers it with the old state.
  applyProgress(summary("done"), () => {});
  early?.(detail("running"));
  answers.shift()?.(detail("done"));
  await new Promise((resolve) => setTimeout(resolve));

  expect(queryClient.getQueryData<ImportDetail>(importKeys.detail(1))?.status).toBe("done");
  unsubscribe();
});
