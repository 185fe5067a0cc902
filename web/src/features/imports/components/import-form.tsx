import { IMPORT_FILE_MAX_BYTES, IMPORT_URLS_MAX } from "@potluck/contract/limits";
import { type DragEvent, type FormEvent, useId, useRef, useState } from "react";
import { ApiError, reasonOf } from "../../../lib/api-client";
import { fieldErrorsOf } from "../../../lib/field-errors";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";
import { type ImportSource, useStartImport } from "../api/imports";

/** The server's refusal said nothing of its own (no `detail`): the app's words then. */
const saysNothing = (error: ApiError) =>
  typeof (error.body as { detail?: unknown } | null | undefined)?.detail !== "string";

/** What went wrong, in the words to show under the part that was sent. */
function problemOf(error: unknown, field: "file" | "urls"): string {
  const fields = fieldErrorsOf(error);
  const first = fields[field] ?? Object.values(fields)[0];
  if (first) return first;
  if (error instanceof ApiError && error.status === 429 && saysNothing(error)) {
    return t("imports.form.tooMany");
  }
  return reasonOf(error);
}

/**
 * Starts an import: a file dropped on the zone or chosen with the file input, or a list of
 * links. `onStarted` gets the new import's id.
 */
export function ImportForm({ onStarted }: { onStarted: (id: number) => void }) {
  const start = useStartImport();
  const [file, setFile] = useState<File | null>(null);
  const [urls, setUrls] = useState("");
  const [dragging, setDragging] = useState(false);
  const [sent, setSent] = useState<"file" | "urls" | null>(null);
  const [localError, setLocalError] = useState<{ field: "file" | "urls"; text: string } | null>(
    null,
  );
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const fileHintId = useId();
  const fileErrorId = useId();
  const urlsId = useId();
  const urlsHintId = useId();
  const urlsErrorId = useId();

  const errorFor = (field: "file" | "urls") => {
    if (localError?.field === field) return localError.text;
    if (sent === field && start.isError) return problemOf(start.error, field);
    return undefined;
  };
  const fileError = errorFor("file");
  const urlsError = errorFor("urls");

  const send = (field: "file" | "urls", source: ImportSource) => {
    setSent(field);
    setLocalError(null);
    start.mutate(source, {
      onSuccess: (created) => {
        if (field === "file") {
          setFile(null);
          if (fileInput.current) fileInput.current.value = "";
        } else {
          setUrls("");
        }
        onStarted(created.id);
      },
    });
  };

  const choose = (chosen: File | null) => {
    start.reset();
    setLocalError(null);
    if (chosen && chosen.size > IMPORT_FILE_MAX_BYTES) {
      setLocalError({
        field: "file",
        text: t("imports.form.tooLarge", { size: IMPORT_FILE_MAX_BYTES / 1024 / 1024 }),
      });
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files;
    if (dropped.length > 1) {
      setLocalError({ field: "file", text: t("imports.form.oneFile") });
      return;
    }
    choose(dropped[0] ?? null);
  };

  const onSubmitFile = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setLocalError({ field: "file", text: t("imports.form.chooseFirst") });
      return;
    }
    send("file", { file });
  };

  const onSubmitUrls = (event: FormEvent) => {
    event.preventDefault();
    const list = urls
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== "");
    if (list.length === 0) {
      setLocalError({ field: "urls", text: t("imports.form.noLinks") });
      return;
    }
    if (list.length > IMPORT_URLS_MAX) {
      setLocalError({
        field: "urls",
        text: t("imports.form.tooManyLinks", { max: IMPORT_URLS_MAX }),
      });
      return;
    }
    send("urls", { urls: list });
  };

  const busy = start.isPending;
  return (
    <div className="import-forms">
      <form className="card import-card" onSubmit={onSubmitFile} noValidate>
        <h2>{t("imports.form.fileHeading")}</h2>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is the mouse's shortcut; the file input inside is the way for everyone */}
        <div
          className={`import-drop-zone${dragging ? " is-dragging" : ""}`}
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => event.preventDefault()}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
              setDragging(false);
            }
          }}
          onDrop={onDrop}
        >
          <p className="import-drop-text">{t("imports.form.dropHere")}</p>
          <div className="field">
            <label htmlFor={fileId}>{t("imports.form.chooseFile")}</label>
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`${fileHintId}${fileError ? ` ${fileErrorId}` : ""}`}
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
            />
          </div>
          {file && (
            <p className="import-chosen">
              {tRich("imports.form.chosen", { name: <strong>{file.name}</strong> })}
            </p>
          )}
        </div>
        <p id={fileHintId} className="hint">
          {t("imports.form.fileHint", { size: IMPORT_FILE_MAX_BYTES / 1024 / 1024 })}
        </p>
        {fileError && (
          <p id={fileErrorId} className="field-error" role="alert">
            {fileError}
          </p>
        )}
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy && sent === "file" ? t("imports.form.uploading") : t("imports.form.importFile")}
          </button>
        </div>
      </form>

      <form className="card import-card" onSubmit={onSubmitUrls} noValidate>
        <h2>{t("imports.form.linksHeading")}</h2>
        <div className="field">
          <label htmlFor={urlsId}>{t("imports.form.linksLabel")}</label>
          <textarea
            id={urlsId}
            rows={4}
            value={urls}
            placeholder={t("imports.form.linksPlaceholder")}
            aria-invalid={urlsError ? true : undefined}
            aria-describedby={`${urlsHintId}${urlsError ? ` ${urlsErrorId}` : ""}`}
            onChange={(event) => {
              setUrls(event.target.value);
              if (localError?.field === "urls") setLocalError(null);
            }}
          />
          <span id={urlsHintId} className="hint">
            {t("imports.form.linksHint", { max: IMPORT_URLS_MAX })}
          </span>
          {urlsError && (
            <p id={urlsErrorId} className="field-error" role="alert">
              {urlsError}
            </p>
          )}
        </div>
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy && sent === "urls" ? t("imports.form.starting") : t("imports.form.importLinks")}
          </button>
        </div>
      </form>
    </div>
  );
}
