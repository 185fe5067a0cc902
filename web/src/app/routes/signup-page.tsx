import { type FormEvent, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { login, refreshSession } from "../../features/auth/api/login";
import { useSignup } from "../../features/auth/api/signup";
import { signupErrorMessage } from "../../features/auth/error-messages";
import { nextTarget, wallReason, withNext } from "../../features/auth/next-target";
import { queryClient } from "../../lib/query-client";
import { csrfQuery, useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";

const EMPTY = {
  username: "",
  email: "",
  first_name: "",
  last_name: "",
  password: "",
  confirm_password: "",
};
type Field = keyof typeof EMPTY;

const FIELDS: {
  name: Field;
  label: string;
  type: string;
  autoComplete: string;
  required: boolean;
}[] = [
  { name: "username", label: "Username", type: "text", autoComplete: "username", required: true },
  { name: "email", label: "Email", type: "email", autoComplete: "email", required: true },
  {
    name: "first_name",
    label: "First Name",
    type: "text",
    autoComplete: "given-name",
    required: false,
  },
  {
    name: "last_name",
    label: "Last Name",
    type: "text",
    autoComplete: "family-name",
    required: false,
  },
  {
    name: "password",
    label: "Password",
    type: "password",
    autoComplete: "new-password",
    required: true,
  },
  {
    name: "confirm_password",
    label: "Confirm Password",
    type: "password",
    autoComplete: "new-password",
    required: true,
  },
];

export default function SignupPage() {
  useDocumentTitle("Sign Up");
  const navigate = useNavigate();
  // Sent here from the login wall: the page the visitor was going to, after signing up.
  const next = nextTarget(useSearchParams()[0]);
  const reason = wallReason(next);
  const { authenticated, csrfToken } = useSession();
  const signup = useSignup();
  const [values, setValues] = useState(EMPTY);
  const [acceptTos, setAcceptTos] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (authenticated && !busy) return <Navigate to={next} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!acceptTos) return setError("You must agree to the Terms of Service to sign up.");
    if (values.password !== values.confirm_password) return setError("Passwords do not match.");
    if (!csrfToken) {
      setError("Cannot submit form. Please try again in a moment.");
      void queryClient.refetchQueries({ queryKey: csrfQuery.queryKey });
      return;
    }
    setBusy(true);
    const username = values.username.trim();
    try {
      await signup.mutateAsync({ ...values, username, accept_tos: true });
    } catch (failure) {
      setBusy(false);
      setError(signupErrorMessage(failure));
      return;
    }
    try {
      await login({ username, password: values.password });
      await refreshSession();
      navigate(next, { replace: true });
    } catch {
      setError("Signup successful, but auto-login failed...Please log in manually.");
      await queryClient.refetchQueries({ queryKey: csrfQuery.queryKey });
      setTimeout(
        () => navigate(withNext("/login?signupSuccess=true", next), { replace: true }),
        2500,
      );
    }
  };

  return (
    <section className="auth-card card">
      <h1>Sign Up</h1>
      {reason && <p className="auth-reason">{reason}</p>}
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <form onSubmit={onSubmit} className="form">
        {FIELDS.map((field) => (
          <div className="field" key={field.name}>
            <label htmlFor={`signup-${field.name}`}>{field.label}</label>
            <input
              id={`signup-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              required={field.required}
              value={values[field.name]}
              onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
            />
          </div>
        ))}
        <div className="field checkbox-field">
          <input
            id="signup-accept-tos"
            type="checkbox"
            checked={acceptTos}
            onChange={(e) => setAcceptTos(e.target.checked)}
          />
          <label htmlFor="signup-accept-tos">
            I agree to the{" "}
            <a href="/terms-of-service" target="_blank" rel="noopener">
              Terms of Service
            </a>
          </label>
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={!csrfToken || busy}>
          Sign Up
        </button>
      </form>
      <p className="auth-switch">
        <Link to={withNext("/login", next)}>Already have an account? Log in</Link>
      </p>
    </section>
  );
}
