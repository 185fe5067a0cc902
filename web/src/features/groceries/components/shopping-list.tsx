import type { ShoppingItem } from "@potluck/contract";
import { useId, useState } from "react";
import { Loading } from "../../../components/status";
import { useShoppingItems } from "../api/get-shopping-items";
import { tickItem } from "../api/tick-queue";
import { LoadError } from "./load-error";

/** 'Shopping List': one checkable line per ingredient and unit, ticked off in the shop. */
export function ShoppingList({ listId }: { listId: number }) {
  const items = useShoppingItems(listId);
  const headingId = useId();
  return (
    <section className="card grocery-card shopping-list" aria-labelledby={headingId}>
      <h2 id={headingId}>Shopping List</h2>
      {items.isPending ? (
        <Loading />
      ) : items.isError ? (
        <LoadError
          text="The shopping list could not be loaded."
          onRetry={() => void items.refetch()}
          retrying={items.isFetching}
        />
      ) : items.data.length === 0 ? (
        <p className="muted">Nothing to buy yet: plan a recipe or an extra below.</p>
      ) : (
        <ul className="shopping-items">
          {items.data.map((item) => (
            <ShoppingItemRow key={item.id} listId={listId} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ShoppingItemRow({ listId, item }: { listId: number; item: ShoppingItem }) {
  const id = useId();
  // The tick shows in the same render as the click: the cache's update comes a moment later
  // (after refetches on their way are cancelled), and a controlled checkbox would otherwise
  // flick back in between.
  const [ticking, setTicking] = useState<boolean | null>(null);
  const checked = ticking ?? item.is_checked;
  return (
    <li className={checked ? "shopping-item is-checked" : "shopping-item"}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          setTicking(event.target.checked);
          void tickItem(listId, item.id, event.target.checked).finally(() => setTicking(null));
        }}
      />
      <label htmlFor={id}>
        <span className="shopping-item-what">
          {item.quantity} {item.unit.name} {item.ingredient.name}
        </span>{" "}
        <span className="shopping-item-for">for {item.from_recipes}</span>
      </label>
    </li>
  );
}
