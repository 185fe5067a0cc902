import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { t } from "../../../lib/i18n";
import { imageLimitText, imageSizeProblem } from "../recipe-form-logic";

/**
 * The recipe's picture: a file to upload (refused at once when too large), the imported page's
 * picture to be fetched on save, and a preview of what gets saved with a way to remove it.
 */
export function RecipeImageField({
  file,
  error,
  imageUrl,
  savedImage,
  onFile,
  onRemove,
  onDropImported,
}: {
  file: File | null;
  error: string | null;
  /** The imported page's picture, fetched by the server when the recipe is saved. */
  imageUrl: string | null;
  /** The recipe's stored picture, unless the cook removed it. */
  savedImage: string | null;
  onFile: (file: File | null) => void;
  onRemove: () => void;
  onDropImported: () => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file) ?? savedImage;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    onFile(chosen);
    // A file refused for its size is not kept chosen either.
    if (chosen && imageSizeProblem(chosen.size)) event.target.value = "";
  };
  return (
    <div className="field">
      <label htmlFor="recipe-image">{t("recipes.image.label")}</label>
      <input
        id="recipe-image"
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        onChange={onChange}
        aria-describedby="recipe-image-hint"
        aria-invalid={error !== null}
      />
      <p className="hint" id="recipe-image-hint">
        {t("recipes.image.hint", { limit: imageLimitText() })}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {imageUrl && !file && (
        <p className="imported-picture">
          {importedPicture(imageUrl)}{" "}
          <button type="button" className="btn btn-secondary btn-small" onClick={onDropImported}>
            {t("recipes.image.dontUse")}
          </button>
        </p>
      )}
      {preview && (
        <div className="image-preview">
          <img src={preview} alt={t("recipes.image.previewAlt")} />
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => {
              onRemove();
              if (fileInput.current) fileInput.current.value = "";
            }}
          >
            {t("recipes.image.remove")}
          </button>
        </div>
      )}
    </div>
  );
}

/** "The picture from site.com will be added when you save." (without a readable host: "the page"). */
const importedPicture = (url: string) => {
  let host = "";
  try {
    host = new URL(url).hostname;
  } catch {
    // Not a URL: said as "the page".
  }
  return host ? t("recipes.image.importedFrom", { host }) : t("recipes.image.importedFromPage");
};

/** A temporary URL showing a chosen file, released when the file changes or the form goes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
