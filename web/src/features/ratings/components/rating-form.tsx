import type { Rating } from "@potluck/contract";
import { RATING_COMMENT_MAX } from "@potluck/contract/limits";
import { type FormEvent, useState } from "react";
import { Loading } from "../../../components/status";
import { t } from "../../../lib/i18n";
import { useCreateRating } from "../api/create-rating";
import { useRecipeRatings } from "../api/get-ratings";
import { useUpdateRating } from "../api/update-rating";
import { ratingErrorMessage, starsToRating } from "../rating-values";
import { HalfStarPicker } from "./half-star-picker";

interface Props {
  recipeId: number;
  csrfToken: string | null;
  /** Called after a rating was saved: the recipe's average changed. */
  onRated: () => void;
}

/** The signed-in user's rating of a recipe: 'Submit Rating' the first time, then 'Update Rating'. */
export function RatingForm(props: Props) {
  const ratings = useRecipeRatings(props.recipeId);
  if (ratings.isPending) return <Loading text={t("ratings.form.loadingOwn")} />;
  // If the list failed to load, the form still works; the server refuses a second rating.
  // The one rating the caller may edit is their own.
  const own = ratings.data?.find((rating) => rating.can_edit);
  return <RatingFields key={props.recipeId} {...props} own={own} />;
}

function RatingFields({ recipeId, csrfToken, onRated, own }: Props & { own?: Rating }) {
  const [ratingId, setRatingId] = useState<number | null>(own?.id ?? null);
  const [stars, setStars] = useState<number | null>(own ? own.rating / 2 : null);
  const [comment, setComment] = useState(own?.comment ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const create = useCreateRating();
  const update = useUpdateRating();
  const saving = create.isPending || update.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (stars === null) {
      setError(t("ratings.form.noStars"));
      return;
    }
    if (!csrfToken) {
      setError(t("ratings.form.noToken"));
      return;
    }
    setError(null);
    const body = { rating: starsToRating(stars), comment: comment.trim(), recipe: recipeId };
    const done = {
      onSuccess: (rating: Rating) => {
        // Remembered, so the next submission updates this rating instead of adding one.
        setRatingId(rating.id);
        setComment(rating.comment);
        setSaved(true);
        onRated();
      },
      onError: (failure: unknown) => setError(ratingErrorMessage(failure)),
    };
    if (ratingId === null) create.mutate(body, done);
    else update.mutate({ id: ratingId, body }, done);
  };

  return (
    <form className="form rating-form" onSubmit={onSubmit}>
      <HalfStarPicker
        legend={t("ratings.form.legend")}
        value={stars}
        onChange={(value) => {
          setStars(value);
          setSaved(false);
        }}
      />
      <div className="field">
        <label htmlFor={`rating-comment-${recipeId}`}>{t("ratings.form.comment")}</label>
        <textarea
          id={`rating-comment-${recipeId}`}
          rows={3}
          maxLength={RATING_COMMENT_MAX}
          value={comment}
          onChange={(event) => {
            setComment(event.target.value);
            setSaved(false);
          }}
        />
      </div>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {ratingId === null ? t("ratings.form.submit") : t("ratings.form.update")}
        </button>
        <span role="status" className="muted">
          {saved ? t("ratings.form.saved") : ""}
        </span>
      </div>
    </form>
  );
}
