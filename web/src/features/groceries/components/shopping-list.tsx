import type { ShoppingItem } from "@potluck/contract";
import { useId, useMemo, useRef, useState } from "react";
import { LoadError } from "../../../components/load-error";
import { Loading } from "../../../components/status";
import { LeftToRightNumbers } from "../../../lib/bidi";
import { useOnline } from "../../../lib/offline/online";
import { useUnitsPreference } from "../../../lib/units-preference";
import { usePendingLines } from "../api/add-queue";
import { useAisles } from "../api/aisles";
import { useShoppingItems } from "../api/get-shopping-items";
import { type AisleSection, inAisleOrder, shopSections } from "../shop-order";
import { AisleMoveButtons } from "./aisle-move-buttons";
import { KeepScreenOn } from "./keep-screen-on";
import { QuickAdd } from "./quick-add";
import { ShoppingItemRow } from "./shopping-item-row";
import "./grocery-list.css";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";

/**
 * 'Shopping List': one checkable line per ingredient and measure, under the cook's aisles in
 * the order they walk the shop, what they always have at home set aside at the end. "Arrange"
 * shows the controls that change aisles and staples; shopping stays plain rows to tick.
 */
export function ShoppingList({ listId }: { listId: number }) {
  const items = useShoppingItems(listId);
  const pending = usePendingLines(listId);
  const [arranging, setArranging] = useState(false);
  const headingId = useId();
  return (
    <section
      className={`card grocery-card shopping-list${items.isPending ? " shopping-list-loading" : ""}`}
      aria-labelledby={headingId}
    >
      <div className="shopping-list-header">
        <h2 id={headingId}>{t("groceries.shoppingList.heading")}</h2>
        <div className="shopping-list-tools">
          <KeepScreenOn />
          <button
            type="button"
            className="btn btn-small btn-secondary"
            aria-pressed={arranging}
            onClick={() => setArranging((on) => !on)}
          >
            {t("groceries.shoppingList.arrange")}
          </button>
        </div>
      </div>
      <QuickAdd listId={listId} />
      {arranging && <p className="muted small">{t("groceries.shoppingList.arrangeHelp")}</p>}
      <PendingLines listId={listId} />
      {items.isPending ? (
        <Loading />
      ) : items.isError ? (
        <LoadError
          text={t("groceries.shoppingList.loadFailed")}
          onRetry={() => void items.refetch()}
          retrying={items.isFetching}
        />
      ) : items.data.length === 0 ? (
        pending.length === 0 && <p className="muted">{t("groceries.shoppingList.empty")}</p>
      ) : (
        <ShopAisles listId={listId} items={items.data} arranging={arranging} />
      )}
    </section>
  );
}

function ShopAisles({
  listId,
  items,
  arranging,
}: {
  listId: number;
  items: ShoppingItem[];
  arranging: boolean;
}) {
  const units = useUnitsPreference();
  const aisles = useAisles(arranging);
  const order = useMemo(() => aisles.data?.map((aisle) => aisle.id), [aisles.data]);
  const sections = useMemo(() => shopSections(items), [items]);
  const shownAisles = inAisleOrder(sections.aisles, order);
  // The move button pressed last keeps the focus while its heading moves (see AisleMoveButtons).
  const lastMove = useRef<string | null>(null);
  const rows = (section: ShoppingItem[]) => (
    <ul className="shopping-items">
      {section.map((item) => (
        <ShoppingItemRow
          key={item.id}
          listId={listId}
          item={item}
          units={units}
          aisles={arranging ? aisles.data : undefined}
        />
      ))}
    </ul>
  );
  return (
    <>
      {shownAisles.map((section: AisleSection) => (
        <section key={section.aisle.id} className="aisle-section" aria-label={section.aisle.name}>
          <div className="aisle-heading">
            <h3>{section.aisle.name}</h3>
            {arranging && order && (
              <AisleMoveButtons
                aisle={section.aisle}
                order={order}
                shown={shownAisles.map((s) => s.aisle.id)}
                lastMove={lastMove}
              />
            )}
          </div>
          {rows(section.items)}
        </section>
      ))}
      {sections.staples.length > 0 && (
        <details className="staples-section">
          <summary>
            {tRich("groceries.shoppingList.staples", {
              count: sections.staples.length,
              counted: (chunks) => <span className="count">{chunks}</span>,
            })}
          </summary>
          {rows(sections.staples)}
        </details>
      )}
    </>
  );
}

/**
 * Lines typed here that the server does not have yet: shown at once, at the top (their aisle
 * is known once the server has read them), to tick once they are in.
 */
function PendingLines({ listId }: { listId: number }) {
  const lines = usePendingLines(listId);
  const online = useOnline();
  if (lines.length === 0) return null;
  return (
    <ul className="shopping-items" aria-label={t("groceries.shoppingList.pending")}>
      {lines.map((line) => (
        <li key={line.seq} className="shopping-item is-pending">
          <p className="shopping-item-tick">
            <span className="shopping-item-text">
              <span className="shopping-item-what">
                <LeftToRightNumbers text={line.text} />
              </span>{" "}
              <span className="shopping-item-for">
                {online ? t("groceries.shoppingList.adding") : t("groceries.shoppingList.waiting")}
              </span>
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}
