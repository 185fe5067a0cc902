import type { Profile } from "@potluck/contract";
import { type FormEvent, useId, useState } from "react";
import { LoadError } from "../../../components/load-error";
import { Loading } from "../../../components/status";
import { reasonOf } from "../../../lib/api-client";
import { formatDate } from "../../../lib/dates";
import { fieldErrorsOf } from "../../../lib/field-errors";
import { useChangePassword } from "../api/change-password";
import { useProfile, useUpdateProfile } from "../api/profile";

/** "Account": the cook's email and names, and a change of password. */
export function AccountDetailsCard() {
  const headingId = useId();
  const profile = useProfile();
  return (
    <section className="card settings-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Account</h2>
      {profile.isPending ? (
        <Loading />
      ) : profile.isError ? (
        <LoadError
          text="Your account could not be loaded."
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
    <form className="form" onSubmit={submit} aria-label="Profile">
      <p className="muted small">
        Signed in as <strong>{profile.username}</strong>, since {formatDate(profile.date_joined)}.
      </p>
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        hint="Password reset links are sent here. You can log in with it too."
      />
      <Field
        label="First name"
        autoComplete="given-name"
        value={firstName}
        onChange={(e) => setFirstName(e.target.value)}
        error={errors.first_name}
      />
      <Field
        label="Last name"
        autoComplete="family-name"
        value={lastName}
        onChange={(e) => setLastName(e.target.value)}
        error={errors.last_name}
      />
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          Save changes
        </button>
      </div>
      <p className="status-text small" role="status">
        {update.isPending
          ? "Saving..."
          : otherError
            ? `Could not save your account: ${reasonOf(update.error)}`
            : update.isSuccess
              ? "Saved."
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
      <h3 id={headingId}>Change password</h3>
      {/* Lets a password manager know whose password this is. */}
      <input type="hidden" autoComplete="username" />
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        value={fields.old_password}
        onChange={set("old_password")}
        error={errors.old_password}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        value={fields.new_password}
        onChange={set("new_password")}
        error={errors.new_password}
        hint="At least 8 characters, not all digits, not a common password."
      />
      <Field
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        value={fields.confirm_password}
        onChange={set("confirm_password")}
        error={errors.confirm_password}
      />
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          Change password
        </button>
      </div>
      <p className="status-text small" role="status">
        {change.isPending
          ? "Changing your password..."
          : otherError
            ? `Could not change your password: ${reasonOf(change.error)}`
            : change.isSuccess
              ? "Your password has been changed. Your other devices have been signed out."
              : ""}
      </p>
    </form>
  );
}
