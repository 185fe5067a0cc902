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
export function toListSummary(
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

export function toPlannedRecipe(row: {
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

export function toPlannedExtra(row: PlannedExtraRow): PlannedExtra {
  // Interim: the query joins ingredients and units, so these are a catalogue extra's.
  if (row.quantity === null) throw new Error("free-text extras are not presented yet");
  return {
    id: row.id,
    ingredient: { id: row.ingredientId, name: row.ingredientName },
    quantity: row.quantity,
    unit: { id: row.unitId, name: row.unitName },
  };
}

export function toShoppingItem(row: ShoppingItemRow): ShoppingItem {
  // Interim: the query joins ingredients and units, so these are a catalogue line's.
  if (row.quantity === null) throw new Error("free-text lines are not presented yet");
  return {
    id: row.id,
    is_checked: row.isChecked,
    quantity: row.quantity,
    unit: { id: row.unitId, name: row.unitName },
    ingredient: { id: row.ingredientId, name: row.ingredientName },
    from_recipes: row.fromRecipes,
    grocery_list: row.groceryListId,
    aisle: { id: row.aisleId, name: row.aisleName },
    is_staple: row.isStaple,
  };
}

export function toListMember(row: ListMember): ListMember {
  return { username: row.username, role: row.role };
}
