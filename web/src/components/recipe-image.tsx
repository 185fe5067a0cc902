import { useState } from "react";

/**
 * A recipe's picture, or a placeholder when it has none or the file fails to load. An empty
 * `alt` marks it decorative (a card whose title sits right next to it). `priority` marks the
 * picture that is likely the largest thing on the first screen (a recipe's own, the first
 * card): fetched at once and ahead of other pictures, where the others wait until they are
 * near the screen. Its box is sized by CSS, so nothing moves when it arrives.
 */
export function RecipeImage({
  src,
  alt,
  className = "",
  priority = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <div
        className={`recipe-image recipe-image-placeholder ${className}`}
        {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
      >
        <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true" focusable="false">
          <circle cx="32" cy="34" r="20" fill="none" stroke="currentColor" strokeWidth="3" />
          <circle cx="32" cy="34" r="12" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M8 10v14a4 4 0 0 0 4 4v26M12 10v12M16 10v14a4 4 0 0 1-4 4M54 10c-4 2-6 8-6 14h6v30"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
        </svg>
      </div>
    );
  }
  return (
    <img
      className={`recipe-image ${className}`}
      src={src}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
