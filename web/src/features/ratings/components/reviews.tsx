import type { Rating } from "@potluck/contract";
import { CookLink } from "../../../components/cook-link";
import { StarIcons } from "../../../components/star-rating";
import { ErrorBox, Loading } from "../../../components/status";
import { reasonOf } from "../../../lib/api-client";
import { formatDate } from "../../../lib/dates";
import { t } from "../../../lib/i18n";
import { useRecipeReviews } from "../api/get-reviews";

/**
 * The recipe's ratings with their comments, newest first, the reader's own first of all; ten
 * at a time with "Show more ratings".
 */
export function Reviews({ recipeId }: { recipeId: number }) {
  const reviews = useRecipeReviews(recipeId);
  if (reviews.isPending) return <Loading text={t("ratings.reviews.loading")} />;
  if (reviews.isError) {
    return (
      <ErrorBox>
        <p>{t("ratings.reviews.loadFailed")}</p>
        <p>{reasonOf(reviews.error)}</p>
      </ErrorBox>
    );
  }
  const all = reviews.data.pages.flatMap((page) => page.items);
  // can_edit is true on the reader's own rating only.
  const shown = [...all.filter((rating) => rating.can_edit), ...all.filter((r) => !r.can_edit)];
  if (shown.length === 0) return <p className="muted">{t("ratings.reviews.empty")}</p>;
  return (
    <>
      <ul className="review-list">
        {shown.map((rating) => (
          <Review key={rating.id} rating={rating} />
        ))}
      </ul>
      {reviews.hasNextPage && (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => void reviews.fetchNextPage()}
          disabled={reviews.isFetchingNextPage}
        >
          {reviews.isFetchingNextPage
            ? t("ratings.reviews.loadingMore")
            : t("ratings.reviews.showMore")}
        </button>
      )}
    </>
  );
}

function Review({ rating }: { rating: Rating }) {
  const stars = rating.rating / 2;
  return (
    <li className="review">
      <p className="review-head">
        <span
          className="star-rating"
          role="img"
          aria-label={t("ratings.reviews.starsLabel", { stars })}
        >
          <StarIcons value={stars} />
        </span>{" "}
        <CookLink username={rating.author_username} />
        {rating.can_edit && <span className="muted"> {t("ratings.reviews.yours")}</span>}
        <span className="muted small review-date">
          {" "}
          · <time dateTime={rating.created_at}>{formatDate(rating.created_at)}</time>
        </span>
      </p>
      {rating.comment && <p className="review-comment">{rating.comment}</p>}
    </li>
  );
}
