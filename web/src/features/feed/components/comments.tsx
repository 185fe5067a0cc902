import type { ConversationEntry, FeedComment } from "@potluck/contract";
import { MAX_COMMENT_LENGTH } from "@potluck/contract/limits";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { BlockCookButton } from "../../../components/block-cook-button";
import { ConversationEntryRow } from "../../../components/conversation-entry";
import { CookLink } from "../../../components/cook-link";
import { HiddenByModerator } from "../../../components/hidden-by-moderator";
import { ReportButton } from "../../../components/report-button";
import { ErrorBox, Loading } from "../../../components/status";
import { ApiError, reasonOf } from "../../../lib/api-client";
import { useRecipeConversation } from "../../../lib/conversation";
import { t } from "../../../lib/i18n";
import { useCreateComment } from "../api/create-comment";
import { useDeleteComment } from "../api/delete-comment";
import { useComments, useEarlierComments, useEarlierStart } from "../api/get-comments";
import { useUpdateComment } from "../api/update-comment";
import { formatWhen } from "../format";
import { PencilIcon, TrashIcon } from "./icons";

/**
 * The comments of one feed item, with the rest of its recipe's conversation (issue 34 §17,
 * decision 0034: the recipe's reviews and the comments under its other feed posts, read only)
 * in one time-ordered thread, loaded when first opened, with the 'Add a comment...' form
 * (only with a CSRF token) and edit and delete where the server allows them, all shown before the server
 * answers and put back when it refuses.
 */
export function Comments({
  itemId,
  recipeId,
  panelId,
  username,
  csrfToken,
}: {
  itemId: number;
  recipeId: number;
  panelId: string;
  username: string | undefined;
  csrfToken: string | null;
}) {
  const comments = useComments(itemId, true);
  const earlierStart = useEarlierStart(itemId);
  const [showEarlier, setShowEarlier] = useState(false);
  const earlier = useEarlierComments(itemId, earlierStart, showEarlier);
  // Pages come newest first, each oldest first: the oldest page goes on top.
  const earlierComments = [...(earlier.data?.pages ?? [])].reverse().flatMap((page) => page.items);
  const moreEarlier = showEarlier ? earlier.hasNextPage : earlierStart !== null;
  const [message, setMessage] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  // The conversation's entries that are not this item's comments (those come editable above).
  const conversation = useRecipeConversation(recipeId);
  const others = (conversation.data ?? []).filter(
    (entry) => !(entry.kind === "comment" && entry.feed_item?.id === itemId),
  );
  type Line = { at: string; comment?: FeedComment; entry?: ConversationEntry };
  const thread: Line[] = [
    ...(comments.data ?? []).map((comment) => ({ at: comment.created_at, comment })),
    ...others.map((entry) => ({ at: entry.created_at, entry })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  return (
    <div className="feed-comments" id={panelId} ref={panel} tabIndex={-1}>
      {comments.isPending ? (
        <Loading text={t("feed.comments.loading")} />
      ) : comments.isError ? (
        <ErrorBox>
          <p>{t("feed.comments.loadFailed")}</p>
          <p>{reasonOf(comments.error)}</p>
        </ErrorBox>
      ) : thread.length === 0 ? (
        <p className="muted small">{t("feed.comments.empty")}</p>
      ) : (
        <>
          {/* Reviews are no comments: say so when they are all the thread holds. */}
          {!thread.some((line) => line.comment || line.entry?.kind === "comment") && (
            <p className="muted small">{t("feed.comments.empty")}</p>
          )}
          {moreEarlier && (
            <button
              type="button"
              className="btn btn-outline btn-small"
              disabled={earlier.isFetching}
              onClick={() => (showEarlier ? void earlier.fetchNextPage() : setShowEarlier(true))}
            >
              {earlier.isFetching
                ? t("feed.comments.loadingEarlier")
                : t("feed.comments.showEarlier")}
            </button>
          )}
          {earlier.isError && (
            <p className="alert alert-error" role="alert">
              {t("feed.comments.earlierFailed", { reason: reasonOf(earlier.error) })}
            </p>
          )}
          <ul className="comment-list">
            {earlierComments.map((comment) => (
              <CommentRow
                key={comment.id}
                itemId={itemId}
                comment={comment}
                // Edits and deletions write to the newest comments' list: these stay as read.
                canWrite={false}
                onFailure={setMessage}
                onDeleted={() => panel.current?.focus()}
              />
            ))}
            {thread.map(({ comment, entry }) =>
              comment ? (
                <CommentRow
                  key={comment.id}
                  itemId={itemId}
                  comment={comment}
                  canWrite={!!csrfToken}
                  onFailure={setMessage}
                  // The delete button goes away with its comment: keep focus nearby.
                  onDeleted={() => panel.current?.focus()}
                />
              ) : entry ? (
                <ConversationEntryRow key={`${entry.kind}-${entry.id}`} entry={entry} />
              ) : null,
            )}
          </ul>
        </>
      )}
      {message && (
        <p className="alert alert-error feed-comment-error" role="alert">
          {message}
        </p>
      )}
      {csrfToken && username && (
        <CommentForm itemId={itemId} username={username} onFailure={setMessage} />
      )}
    </div>
  );
}

function CommentForm({
  itemId,
  username,
  onFailure,
}: {
  itemId: number;
  username: string;
  onFailure: (message: string | null) => void;
}) {
  const inputId = useId();
  const [text, setText] = useState("");
  const create = useCreateComment(itemId, username);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    onFailure(null);
    setText("");
    create.mutate(trimmed, {
      onError: (error) => {
        setText((current) => current || trimmed); // give the words back to try again
        // The server's reason when it gave one; nothing extra for a network failure.
        onFailure(
          error instanceof ApiError
            ? t("feed.comments.postFailedReason", { reason: reasonOf(error) })
            : t("feed.comments.postFailed"),
        );
      },
    });
  };

  return (
    <form className="comment-form" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t("feed.comments.addLabel")}
      </label>
      <textarea
        id={inputId}
        rows={1}
        maxLength={MAX_COMMENT_LENGTH}
        placeholder={t("feed.comments.addPlaceholder")}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="btn btn-primary btn-small" disabled={!text.trim()}>
        {t("feed.comments.post")}
      </button>
    </form>
  );
}

function CommentRow({
  itemId,
  comment,
  canWrite,
  onFailure,
  onDeleted,
}: {
  itemId: number;
  comment: FeedComment;
  canWrite: boolean;
  onFailure: (message: string | null) => void;
  onDeleted: () => void;
}) {
  const [moreOpen, setMoreOpen] = useState(false);
  const moreId = useId();
  // The server says who may report the comment (and block its cook): not its author.
  const byOther = comment.can_report && comment.id > 0;
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  // Leaving the edit box puts focus back on the Edit button it came from.
  useEffect(() => {
    if (!editing && refocus) {
      editButton.current?.focus();
      setRefocus(false);
    }
  }, [editing, refocus]);
  const stopEditing = () => {
    setEditing(false);
    setRefocus(true);
  };
  const [draft, setDraft] = useState(comment.text);
  const editId = useId();
  const update = useUpdateComment(itemId);
  const remove = useDeleteComment(itemId);
  // A negative id is a comment still on its way to the server: nothing to edit yet.
  const saved = comment.id > 0;

  const startEditing = () => {
    setDraft(comment.text);
    setEditing(true);
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || text === comment.text) return;
    onFailure(null);
    stopEditing();
    update.mutate(
      { commentId: comment.id, text, previous: comment.text },
      {
        onError: (error) =>
          onFailure(
            error instanceof ApiError
              ? t("feed.comments.updateFailed", { reason: reasonOf(error) })
              : t("feed.comments.saveFailed"),
          ),
      },
    );
  };

  const onDelete = () => {
    onFailure(null);
    onDeleted();
    remove.mutate(comment, {
      onError: (error) =>
        onFailure(
          error instanceof ApiError
            ? t("feed.comments.deleteFailedReason", { reason: reasonOf(error) })
            : t("feed.comments.deleteFailed"),
        ),
    });
  };

  return (
    <li className="comment">
      <div className="comment-meta">
        <strong>
          <CookLink username={comment.user_username} />
        </strong>
        <time className="muted small" dateTime={comment.created_at}>
          {formatWhen(comment.created_at)}
        </time>
        {comment.can_edit && canWrite && saved && !editing && (
          <span className="comment-tools">
            <button
              ref={editButton}
              type="button"
              className="icon-button"
              aria-label={t("feed.comments.edit")}
              title={t("feed.comments.edit")}
              onClick={startEditing}
            >
              <PencilIcon />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={t("feed.comments.delete")}
              title={t("feed.comments.delete")}
              onClick={onDelete}
            >
              <TrashIcon />
            </button>
          </span>
        )}
        {byOther && (
          <span className="comment-tools">
            <button
              type="button"
              className="icon-button comment-more-button"
              aria-label={t("feed.comments.moreAbout", { name: comment.user_username })}
              title={t("feed.comments.more")}
              aria-expanded={moreOpen}
              aria-controls={moreOpen ? moreId : undefined}
              onClick={() => setMoreOpen((open) => !open)}
            >
              <span aria-hidden="true">⋯</span>
            </button>
          </span>
        )}
      </div>

      {editing ? (
        <form className="comment-edit" onSubmit={onSave}>
          <label htmlFor={editId} className="visually-hidden">
            {t("feed.comments.edit")}
          </label>
          <textarea
            id={editId}
            rows={2}
            maxLength={MAX_COMMENT_LENGTH}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this text
            autoFocus
          />
          <div className="row">
            <button type="button" className="btn btn-secondary btn-small" onClick={stopEditing}>
              {t("feed.comments.cancel")}
            </button>
            <button
              type="submit"
              className="btn btn-primary btn-small"
              disabled={!draft.trim() || draft.trim() === comment.text}
            >
              {t("feed.comments.save")}
            </button>
          </div>
        </form>
      ) : (
        <p className="comment-text">{comment.text}</p>
      )}
      {comment.hidden_by_moderator && <HiddenByModerator what="comment" />}
      {byOther && moreOpen && (
        <div className="comment-more" id={moreId}>
          {/* Blocked, the cook's comments leave this list (every query is refreshed). */}
          <BlockCookButton username={comment.user_username} blocked={false} onChanged={onDeleted} />
          <ReportButton
            target={{ comment_id: comment.id }}
            title={t("feed.comments.reportLabel", { name: comment.user_username })}
            label={t("feed.comments.reportLabel", { name: comment.user_username })}
          />
        </div>
      )}
    </li>
  );
}
