import type { Profile } from "@potluck/contract";
import { type FormEvent, useId, useState } from "react";
import { LoadError } from "../../../components/load-error";
import { Loading } from "../../../components/status";
import { reasonOf } from "../../../lib/api-client";
import { formatDate } from "../../../lib/dates";
import { fieldErrorsOf } from "../../../lib/field-errors";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";
import { useChangePassword } from "../api/change-password";
import { useProfile, useUpdateProfile } from "../api/profile";

/** "Account": the cook's email and names, and a change of password. */
export function AccountDetailsCard() {
  const headingId = useId();
  const profile = useProfile();
  return (
    <section className="card settings-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("settings.details.heading")}</h2>
      {profile.isPending ? (
        <Loading />
      ) : profile.isError ? (
        <LoadError
          text={t("settings.details.loadFailed")}
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      ) : (
        <>
          <ProfileForm profile={profile.data} />
          <PasswordForm />
        </>
      )}
    </section>
  );
}

function Field({
  label,
  error,
  hint,
  ...input
}: {
  label: string;
  error?: string;
  hint?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = useId();
  const hintId = useId();
  const describedBy = [error ? errorId : "", hint ? hintId : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <span id={hintId} className="hint">
          {hint}
        </span>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [email, setEmail] = useState(profile.email);
  const [firstName, setFirstName] = useState(profile.first_name);
  const [lastName, setLastName] = useState(profile.last_name);
  const errors = fieldErrorsOf(update.error);
  const otherError = update.isError && Object.keys(errors).length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ email: email.trim(), first_name: firstName, last_name: lastName });
  };
  return (
    <form className="form" onSubmit={submit} aria-label={t("settings.details.profileLabel")}>
      <p className="muted small">
        {tRich("settings.details.signedInAs", {
          username: <strong>{profile.username}</strong>,
          date: formatDate(profile.date_joined),
        })}
      </p>
      <Field
        label={t("settings.details.email")}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        hint={t("settings.details.emailHint")}
      />
      <Field
        label={t("settings.details.firstName")}
        autoComplete="given-name"
        value={firstName}
        onChange={(e) => setFirstName(e.target.value)}
        error={errors.first_name}
      />
      <Field
        label={t("settings.details.lastName")}
        autoComplete="family-name"
        value={lastName}
        onChange={(e) => setLastName(e.target.value)}
        error={errors.last_name}
      />
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {t("settings.details.save")}
        </button>
      </div>
      <p className="status-text small" role="status">
        {update.isPending
          ? t("settings.details.saving")
          : otherError
            ? t("settings.details.saveFailed", { reason: reasonOf(update.error) })
            : update.isSuccess
              ? t("settings.details.saved")
              : ""}
      </p>
    </form>
  );
}

const EMPTY_PASSWORDS = { old_password: "", new_password: "", confirm_password: "" };

function PasswordForm() {
  const change = useChangePassword();
  const [fields, setFields] = useState(EMPTY_PASSWORDS);
  const headingId = useId();
  const errors = fieldErrorsOf(change.error);
  const otherError = change.isError && Object.keys(errors).length === 0;
  const set = (name: keyof typeof EMPTY_PASSWORDS) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFields((current) => ({ ...current, [name]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(fields, { onSuccess: () => setFields(EMPTY_PASSWORDS) });
  };
  return (
    <form className="form account-password-form" onSubmit={submit} aria-labelledby={headingId}>
      <h3 id={headingId}>{t("settings.password.heading")}</h3>
      {/* Lets a password manager know whose password this is. */}
      <input type="hidden" autoComplete="username" />
      <Field
        label={t("settings.password.current")}
        type="password"
        autoComplete="current-password"
        required
        value={fields.old_password}
        onChange={set("old_password")}
        error={errors.old_password}
      />
      <Field
        label={t("settings.password.new")}
        type="password"
        autoComplete="new-password"
        required
        value={fields.new_password}
        onChange={set("new_password")}
        error={errors.new_password}
        hint={t("auth.signup.passwordRules")}
      />
      <Field
        label={t("settings.password.confirm")}
        type="password"
        autoComplete="new-password"
        required
        value={fields.confirm_password}
        onChange={set("confirm_password")}
        error={errors.confirm_password}
      />
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {t("settings.password.submit")}
        </button>
      </div>
      <p className="status-text small" role="status">
        {change.isPending
          ? t("settings.password.changing")
          : otherError
            ? t("settings.password.failed", { reason: reasonOf(change.error) })
            : change.isSuccess
              ? t("settings.password.changed")
              : ""}
      </p>
    </form>
  );
}
