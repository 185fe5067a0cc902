import { useId, useState } from "react";
import { StarIcon } from "../../../components/star-rating";

const starsLabel = (value: number) => `${value} ${value === 1 ? "star" : "stars"}`;

/**
 * Half-star choice from 0.5 to 5 as a radio group: each star is two invisible radios (left
 * half, right half) laid over it, so a click, a tap and the arrow keys all work.
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
                  onMouseEnter={() => setHover(half)}
                  onMouseLeave={() => setHover(null)}
                />
              ))}
            </span>
          ))}
        </div>
        <span className="star-picker-value" aria-hidden="true">
          {value === null ? "No rating selected" : `${value} / 5`}
        </span>
      </div>
    </fieldset>
  );
}
