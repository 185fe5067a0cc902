import type { Rating, RatingBody } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { ratingKeys } from "./keys";

export const updateRating = ({ id, body }: { id: number; body: RatingBody }) =>
  api<Rating>(`/api/recipes/ratings/${id}/`, { method: "PUT", json: body });

export const useUpdateRating = () =>
  useMutation({
    mutationFn: updateRating,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratingKeys.all }),
  });
