import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/** Last line of defence: a page that crashed shows this instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : "Something went wrong while showing this page.";
  return (
    <main className="page container">
      <h1>Sorry!</h1>
      <p>{message}</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </main>
  );
}
