import type { Rating, RatingBody } from "@potluck/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { ratingKeys } from "./keys";

export const createRating = (body: RatingBody) =>
  api<Rating>("/api/recipes/ratings/", { method: "POST", json: body });

export const useCreateRating = () =>
  useMutation({
    mutationFn: createRating,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratingKeys.all }),
  });
