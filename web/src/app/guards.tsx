import { lazy, Suspense } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { Loading } from "../components/status";
import { useSession } from "../lib/session";

const FeedPage = lazy(() => import("./routes/feed-page"));

/** Signed-out visitors are sent to /login?next=..., replacing the history entry. */
export function RequireAuth() {
  const { isLoading, authenticated } = useSession();
  const location = useLocation();
  if (isLoading) return <Loading />;
  if (!authenticated) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?next=${next}`} replace />;
  }
  return <Outlet />;
}

/** "/": the activity feed when signed in, otherwise the about page. */
export function IndexRoute() {
  const { isLoading, authenticated } = useSession();
  const location = useLocation();
  if (isLoading) return <Loading />;
  // The state goes along: the about page says so when an account was just deleted.
  if (!authenticated) return <Navigate to="/about" replace state={location.state} />;
  return (
    <Suspense fallback={<Loading />}>
      <FeedPage />
    </Suspense>
  );
}
