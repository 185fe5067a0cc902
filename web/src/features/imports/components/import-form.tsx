import { IMPORT_FILE_MAX_BYTES, IMPORT_URLS_MAX } from "@potluck/contract/limits";
import { type DragEvent, type FormEvent, useId, useRef, useState } from "react";
import { ApiError, reasonOf } from "../../../lib/api-client";
import { fieldErrorsOf } from "../../../lib/field-errors";
import { type ImportSource, useStartImport } from "../api/imports";

/** The apps whose exports the server recognises (by content, whatever the file is called). */
export const SUPPORTED_APPS =
  "Paprika, Mealie, Tandoor, Nextcloud Cookbook, recipe web pages and files with schema.org JSON-LD (.json or .html, or a zip of them), and a Potluck export.";

const GENERIC = "Please try again later.";

/** What went wrong, in the words to show under the part that was sent. */
function problemOf(error: unknown, field: "file" | "urls"): string {
  const fields = fieldErrorsOf(error);
  const first = fields[field] ?? Object.values(fields)[0];
  if (first) return first;
  if (error instanceof ApiError && error.status === 429 && reasonOf(error) === GENERIC) {
    return "Too many imports in a short time: please wait a minute and try again.";
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
        text: `The file is too large: at most ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB.`,
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
      setLocalError({ field: "file", text: "Drop one file at a time." });
      return;
    }
    choose(dropped[0] ?? null);
  };

  const onSubmitFile = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setLocalError({ field: "file", text: "Choose a file first." });
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
      setLocalError({ field: "urls", text: "Enter at least one link." });
      return;
    }
    if (list.length > IMPORT_URLS_MAX) {
      setLocalError({ field: "urls", text: `At most ${IMPORT_URLS_MAX} links at a time.` });
      return;
    }
    send("urls", { urls: list });
  };

  const busy = start.isPending;
  return (
    <div className="import-forms">
      <form className="card import-card" onSubmit={onSubmitFile} noValidate>
        <h2>From a file</h2>
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
          <p className="import-drop-text">Drop an export file here, or</p>
          <div className="field">
            <label htmlFor={fileId}>Choose a file</label>
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
              Chosen: <strong>{file.name}</strong>
            </p>
          )}
        </div>
        <p id={fileHintId} className="hint">
          Exports from {SUPPORTED_APPS} Up to {IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB; we recognise
          the format by what is inside.
        </p>
        {fileError && (
          <p id={fileErrorId} className="field-error" role="alert">
            {fileError}
          </p>
        )}
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy && sent === "file" ? "Uploading…" : "Import file"}
          </button>
        </div>
      </form>

      <form className="card import-card" onSubmit={onSubmitUrls} noValidate>
        <h2>From links</h2>
        <div className="field">
          <label htmlFor={urlsId}>Recipe links</label>
          <textarea
            id={urlsId}
            rows={4}
            value={urls}
            placeholder="https://example.com/my-favourite-soup"
            aria-invalid={urlsError ? true : undefined}
            aria-describedby={`${urlsHintId}${urlsError ? ` ${urlsErrorId}` : ""}`}
            onChange={(event) => {
              setUrls(event.target.value);
              if (localError?.field === "urls") setLocalError(null);
            }}
          />
          <span id={urlsHintId} className="hint">
            One link per line, up to {IMPORT_URLS_MAX}.
          </span>
          {urlsError && (
            <p id={urlsErrorId} className="field-error" role="alert">
              {urlsError}
            </p>
          )}
        </div>
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy && sent === "urls" ? "Starting…" : "Import links"}
          </button>
        </div>
      </form>
    </div>
  );
}
