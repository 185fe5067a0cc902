import { lazy, Suspense, useState } from "react";
import { Modal } from "../../../components/modal";
import { t } from "../../../lib/i18n";
import type { Day } from "../week";
import type { CollectionChoice } from "./add-entry-dialog";
import type { ShoppingLists } from "./send-week-dialog";

// Each fetched when first opened: the week is what the page shows first.
const SendWeekDialog = lazy(async () => ({
  default: (await import("./send-week-dialog")).SendWeekDialog,
}));
const FillGapsDialog = lazy(async () => ({
  default: (await import("./fill-gaps-dialog")).FillGapsDialog,
}));
const SharePanel = lazy(async () => ({ default: (await import("./share-panel")).SharePanel }));
const CalendarLinkPanel = lazy(async () => ({
  default: (await import("./calendar-link-panel")).CalendarLinkPanel,
}));

type Open = "send" | "fill" | "share" | "calendar" | null;

/**
 * What the cook does with the shown week as a whole: send it to a shopping list, fill its
 * gaps, share the planner (or see whose it is) and, on my own planner, the calendar link.
 */
export function PlannerActions({
  owner,
  weekStart,
  collections,
  shopping,
  onLeft,
}: {
  owner: string;
  weekStart: Day;
  collections: CollectionChoice[];
  shopping: ShoppingLists;
  /** After leaving a planner shared with me. */
  onLeft: () => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <div className="planner-actions">
      <button type="button" className="btn btn-primary btn-small" onClick={() => setOpen("send")}>
        {t("planner.send.title")}
      </button>
      <button type="button" className="btn btn-outline btn-small" onClick={() => setOpen("fill")}>
        {t("planner.fill.title")}
      </button>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        onClick={() => setOpen("share")}
      >
        {owner ? t("planner.actions.members") : t("planner.actions.share")}
      </button>
      {!owner && (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => setOpen("calendar")}
        >
          {t("planner.calendar.title")}
        </button>
      )}
      <Suspense fallback={null}>
        {open === "send" && (
          <SendWeekDialog owner={owner} weekStart={weekStart} shopping={shopping} onClose={close} />
        )}
        {open === "fill" && (
          <FillGapsDialog
            owner={owner}
            weekStart={weekStart}
            collections={collections}
            onClose={close}
          />
        )}
        {open === "share" && (
          <Modal
            title={
              owner
                ? t("planner.switcher.theirs", { name: owner })
                : t("planner.actions.shareTitle")
            }
            onClose={close}
          >
            <SharePanel
              owner={owner}
              onLeft={() => {
                close();
                onLeft();
              }}
            />
          </Modal>
        )}
        {open === "calendar" && (
          <Modal title={t("planner.calendar.title")} onClose={close} className="modal-compact">
            <CalendarLinkPanel />
          </Modal>
        )}
      </Suspense>
    </div>
  );
}
