import { useId, useState } from "react";
import { StarIcon } from "../../../components/star-rating";
import { t } from "../../../lib/i18n";

const starsLabel = (stars: number) => t("ratings.picker.stars", { stars });

/** styles.css's phone width, where the whole star is the target (see below). */
const WHOLE_STAR_TARGETS = "(max-width: 640px)";

/**
 * Half-star choice from 0.5 to 5 as a radio group: each star is two invisible radios (left
 * half, right half) laid over it, so a click, a tap and the arrow keys all work. On a phone
 * the five stars share one line, too narrow for half-star targets: the right radio covers the
 * star, and tapping the chosen star again takes the half below it (4 → 3.5).
 */
export function HalfStarPicker({
  value,
  onChange,
  legend,
}: {
  value: number | null;
  onChange: (stars: number) => void;
  legend: string;
}) {
  const name = useId();
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <fieldset className="star-picker">
      <legend className="label">{legend}</legend>
      <div className="star-picker-row">
        <div className="star-picker-stars">
          {[1, 2, 3, 4, 5].map((star) => (
            <span className="star-picker-star" key={star}>
              <StarIcon fill={shown - (star - 1)} />
              {[star - 0.5, star].map((half) => (
                <input
                  key={half}
                  type="radio"
                  name={name}
                  value={half}
                  aria-label={starsLabel(half)}
                  className={`star-picker-half ${half % 1 ? "star-picker-left" : "star-picker-right"}`}
                  checked={value === half}
                  onChange={() => onChange(half)}
                  onClick={(event) => {
                    // A second tap on the chosen star (a pointer's, not the space bar's).
                    const again = half === star && value === star && event.detail > 0;
                    if (again && window.matchMedia(WHOLE_STAR_TARGETS).matches) {
                      onChange(star - 0.5);
                    }
                  }}
                  // A preview for a mouse only: a tap's hover would stick and hide the choice.
                  onPointerEnter={(event) => {
                    if (event.pointerType === "mouse") setHover(half);
                  }}
                  onPointerLeave={() => setHover(null)}
                />
              ))}
            </span>
          ))}
        </div>
        <span className="star-picker-value" aria-hidden="true">
          {value === null ? t("ratings.picker.none") : t("ratings.picker.value", { value })}
        </span>
      </div>
      <p className="hint star-picker-touch-hint" aria-hidden="true">
        {t("ratings.picker.touchHint")}
      </p>
    </fieldset>
  );
}
