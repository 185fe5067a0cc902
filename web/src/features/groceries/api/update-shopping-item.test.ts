import type { ShoppingItem } from "@potluck/contract";
import { MutationObserver, QueryObserver } from "@tanstack/react-query";
import { expect, test, vi } from "vitest";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { shoppingItemsQuery } from "./get-shopping-items";
import { toggleShoppingItemOptions } from "./update-shopping-item";

vi.mock("../../../lib/api-client", () => ({ api: vi.fn() }));

const line = (id: number, name: string, isChecked = false): ShoppingItem =>
  ({
    id,
    is_checked: isChecked,
    quantity: 1,
    unit: { name: "g" },
    ingredient: { name },
    from_recipes: "Extras",
  }) as ShoppingItem;

test("a tick during a plan's refresh refetches the list once it settles: the new line comes", async () => {
  const listId = 7;
  const query = shoppingItemsQuery(listId);
  queryClient.setQueryData(query.queryKey, [line(1, "Butter")]);
  const server = { items: [line(1, "Butter"), line(2, "Flour")] };
  vi.mocked(api).mockImplementation(async (_url, init) => {
    if (init?.method === "PATCH") {
      server.items = server.items.map((item) => (item.id === 1 ? line(1, "Butter", true) : item));
      return server.items[0];
    }
    return server.items;
  });

  // the list on screen
  const unsubscribe = new QueryObserver(queryClient, query).subscribe(() => {});
  // the refresh a plan starts, still on its way when the tick comes (and cancelled by it)
  void queryClient.invalidateQueries({ queryKey: query.queryKey });
  await new MutationObserver(queryClient, toggleShoppingItemOptions(listId)).mutate({
    id: 1,
    isChecked: true,
  });
  await vi.waitFor(() =>
    expect(queryClient.getQueryData(query.queryKey)).toEqual([
      line(1, "Butter", true),
      line(2, "Flour"),
    ]),
  );
  unsubscribe();
});
