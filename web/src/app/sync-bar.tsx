import { useEffect, useState } from "react";
import { t } from "../lib/i18n";
import { useOnline } from "../lib/offline/online";
import { usePendingChanges } from "../lib/offline/pending-changes";

/** Changes that reach the server within this time are not worth a word. */
const QUIET_MS = 1000;
/** How long "All changes saved" stays after the last waiting change reached the server. */
const SAVED_VISIBLE_MS = 4000;

type Shown = "nothing" | "offline" | "saving" | "saved";

/**
 * Where the cook's changes are, when that is worth saying: kept on this device while offline
 * ("Offline — 2 changes waiting"), slow to go out once back ("Saving 2 changes…"), then
 * "All changes saved". A tick saved at once online shows nothing.
 */
export function SyncBar() {
  const online = useOnline();
  const pending = usePendingChanges();
  const [shown, setShown] = useState<Shown>("nothing");

  useEffect(() => {
    if (!online) {
      setShown("offline");
      return;
    }
    if (pending > 0) {
      // Straight from "offline" to "saving"; otherwise only once they take a while.
      if (shown === "offline") setShown("saving");
      if (shown === "saving") return;
      const timer = setTimeout(() => setShown("saving"), QUIET_MS);
      return () => clearTimeout(timer);
    }
    // Back online with nothing to send: nothing to report either.
    if (shown === "offline") setShown("nothing");
    if (shown === "saving") setShown("saved");
    if (shown === "saved") {
      const timer = setTimeout(() => setShown("nothing"), SAVED_VISIBLE_MS);
      return () => clearTimeout(timer);
    }
  }, [online, pending, shown]);

  const text = {
    nothing: "",
    offline:
      pending > 0 ? t("app.syncBar.offlineWaiting", { count: pending }) : t("app.syncBar.offline"),
    saving: t("app.syncBar.saving", { count: pending }),
    saved: t("app.syncBar.saved"),
  }[shown];
  // The live region stays in the page, so screen readers announce each new text.
  return (
    <div className={`sync-bar is-${shown}`}>
      <p role="status" aria-live="polite">
        {text}
      </p>
    </div>
  );
}
