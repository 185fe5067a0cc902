import type { RecipeVisibility } from "@potluck/contract/limits";
import { useQuery } from "@tanstack/react-query";
import { useSession } from "./session";
import { preferencesQuery } from "./units-preference";

/** The recipe visibilities as forms offer them, each with who sees the recipe. */
export const VISIBILITY_CHOICES: { value: RecipeVisibility; label: string; hint: string }[] = [
  { value: "public", label: "Public", hint: "Everyone can see it, signed in or not." },
  { value: "followers", label: "Followers", hint: "You and the cooks who follow you." },
  {
    value: "private",
    label: "Only me",
    hint: "Only you, and the cooks you share a list or planner it is on with.",
  },
];

/** The visibility a new recipe of the signed-in cook gets unless the form says otherwise. */
export function useDefaultVisibility(): RecipeVisibility {
  const { authenticated } = useSession();
  const preferences = useQuery({ ...preferencesQuery, enabled: authenticated });
  return preferences.data?.default_visibility ?? "public";
}
