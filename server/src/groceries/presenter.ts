import type {
  GroceryListSummary,
  ListMember,
  PlannedExtra,
  PlannedRecipe,
  ShoppingItem,
} from "@potluck/contract";
import { listRole, mayManageList } from "./policy.js";
import type { PlannedExtraRow, ShoppingItemRow } from "./repository.js";

// Grocery rows (as repository.ts reads them) into the contract's responses, one function per
// response shape, with what the viewer may do where the shape says it.

/** A list in the cook's index of lists; `can_manage` for its owner only (policy.ts). */
export function presentListSummary(
  row: {
    id: number;
    name: string;
    ownerId: number;
    ownerUsername: string;
    createdAt: Date;
    updatedAt: Date;
  },
  viewerId: number,
): GroceryListSummary {
  return {
    id: row.id,
    name: row.name,
    owner_username: row.ownerUsername,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    can_manage: mayManageList(listRole(row, viewerId)),
  };
}

export function presentPlannedRecipe(row: {
  id: number;
  recipeId: number;
  title: string;
  guests: number;
  plannedOn: string | null;
}): PlannedRecipe {
  return {
    id: row.id,
    recipe: { id: row.recipeId, title: row.title },
    guests: row.guests,
    planned_on: row.plannedOn,
  };
}

/**
 * A catalogue extra, or a free-text one: its text is also its "ingredient" name (for clients
 * that show `ingredient.name`), with a unit and quantity only when the line gave an amount.
 */
export function presentPlannedExtra(row: PlannedExtraRow): PlannedExtra {
  return {
    id: row.id,
    ingredient: { id: row.ingredientId, name: row.ingredientName ?? row.text ?? "" },
    quantity: row.quantity,
    unit:
      row.unitId === null || row.unitName === null ? null : { id: row.unitId, name: row.unitName },
    text: row.text,
  };
}

/** A shopping line, catalogue or free-text (shaped as presentPlannedExtra shapes extras). */
export function presentShoppingItem(row: ShoppingItemRow): ShoppingItem {
  return {
    id: row.id,
    is_checked: row.isChecked,
    quantity: row.quantity,
    unit:
      row.unitId === null || row.unitName === null ? null : { id: row.unitId, name: row.unitName },
    ingredient: { id: row.ingredientId, name: row.ingredientName ?? row.text ?? "" },
    text: row.text,
    from_recipes: row.fromRecipes,
    grocery_list: row.groceryListId,
    aisle: { id: row.aisleId, name: row.aisleName },
    is_staple: row.isStaple,
  };
}

export function presentListMember(row: ListMember): ListMember {
  return { username: row.username, role: row.role };
}
