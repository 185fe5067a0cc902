import type { RecipeVisibility } from "@potluck/contract/limits";
import { serverFieldErrors } from "../tags-times";
import type { DetailErrors } from "../use-recipe-form";
import { TagsField } from "./tags-field";
import {
  type TimesSourceField,
  TimesSourceFields,
  type TimesSourceValues,
} from "./times-source-fields";
import { VisibilityField } from "./visibility-field";

/**
 * The recipe's details after its servings: who may read it, its tags, its times and where it
 * came from. Each field shows the form's own refusal, else the server's (`saveError`).
 */
export function RecipeDetailsFields({
  visibility,
  onVisibility,
  tags,
  onTags,
  details,
  detailErrors,
  onDetail,
  saveError,
}: {
  visibility: RecipeVisibility;
  onVisibility: (visibility: RecipeVisibility) => void;
  tags: string[];
  onTags: (tags: string[]) => void;
  details: TimesSourceValues;
  detailErrors: DetailErrors;
  onDetail: (name: TimesSourceField, value: string) => void;
  saveError: unknown;
}) {
  return (
    <>
      <VisibilityField value={visibility} onChange={onVisibility} />
      <TagsField
        tags={tags}
        onChange={onTags}
        serverErrors={serverFieldErrors(saveError, "tags")}
      />
      <TimesSourceFields
        values={details}
        onChange={onDetail}
        errors={{
          prep_minutes:
            detailErrors.prep_minutes ?? serverFieldErrors(saveError, "prep_minutes").join(" "),
          cook_minutes:
            detailErrors.cook_minutes ?? serverFieldErrors(saveError, "cook_minutes").join(" "),
          source_url:
            detailErrors.source_url ?? serverFieldErrors(saveError, "source_url").join(" "),
          source_name: serverFieldErrors(saveError, "source_name").join(" "),
        }}
      />
    </>
  );
}
