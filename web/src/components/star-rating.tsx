import type { CSSProperties } from "react";
import { t } from "../lib/i18n";
import { formatNumber } from "../lib/i18n/format";

/** One star, filled from the left by `fill` (0–1); the shape is drawn in CSS. */
export function StarIcon({ fill }: { fill: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, fill)) * 100);
  return <span className="star-icon" style={{ "--fill": `${percent}%` } as CSSProperties} />;
}

/** Five stars filled to `value` (0–5). Decorative: callers give the words. */
export function StarIcons({ value }: { value: number }) {
  return (
    <span className="star-icons" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} fill={value - (star - 1)} />
      ))}
    </span>
  );
}

/**
 * A recipe's average on the 0–5 star scale, read out as words ("Rated 4.5 out of 5, 2
 * ratings"); with `count`, the number of ratings follows the stars.
 */
export function StarRating({ value, count }: { value: number; count?: number }) {
  const shown = Math.round(value * 10) / 10;
  const label =
    count === 0
      ? t("components.starRating.notRated")
      : count === undefined
        ? t("components.starRating.rated", { value: shown })
        : t("components.starRating.ratedWithCount", { value: shown, count });
  return (
    <span className="star-rating" role="img" aria-label={label}>
      <StarIcons value={value} />
      <span className="star-rating-text" aria-hidden="true">
        {count === 0
          ? t("components.starRating.noRatings")
          : formatNumber(shown, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}

        {count !== undefined && count > 0 && ` (${count})`}
      </span>
    </span>
  );
}
