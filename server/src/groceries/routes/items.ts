import {
  groceryListFilter,
  idParams,
  shoppingItem,
  shoppingItemsResponse,
  updateShoppingItemBody,
} from "@potluck/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/plugin.js";
import { notFound } from "../../http/errors.js";
import { varyByLanguage } from "../../http/vary-by-language.js";
import { recordListChange } from "../list-events.js";
import { presentShoppingItem, presentShoppingItems } from "../presenter.js";
import { listItems, setItemChecked } from "../repository.js";

/** A list's shopping items: read them, tick them. */
export const groceryItemsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/items/",
    {
      config: { access: "user" },
      schema: { querystring: groceryListFilter, response: { 200: shoppingItemsResponse } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const listId = request.query.grocery_list;
      const items = await listItems(app.db, listId, user.id);
      if (!items) throw notFound();
      varyByLanguage(reply);
      return presentShoppingItems(items, request.language);
    },
  );

  app.patch(
    "/items/:id/",
    {
      config: { access: "user" },
      schema: { params: idParams, body: updateShoppingItemBody, response: { 200: shoppingItem } },
    },
    async (request) => {
      const user = requireUser(request);
      const item = await app.db.transaction(async (tx) => {
        const ticked = await setItemChecked(
          tx,
          request.params.id,
          user.id,
          request.body.is_checked,
        );
        if (ticked) await recordListChange(tx, ticked.groceryListId, "items", user.username);
        return ticked;
      });
      if (!item) throw notFound();
      return presentShoppingItem(item, request.language);
    },
  );
};
