import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { forgetGroceryList } from "./forget-grocery-list";

export const deleteGroceryList = (id: number) =>
  api<void>(`/api/groceries/lists/${id}/`, { method: "DELETE" });

export function useDeleteGroceryList() {
  return useMutation({
    mutationFn: deleteGroceryList,
    onSuccess: (_nothing, id) => forgetGroceryList(id),
    // List delete failures only log (spec §8).
    onError: (error) => console.error("Failed to delete the grocery list", error),
  });
}
