import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { startAddQueue } from "./features/groceries/api/add-queue";
import { startTickQueue } from "./features/groceries/api/tick-queue";
import { queryClient } from "./lib/query-client";
import { authStatusQuery, csrfQuery } from "./lib/session";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
// Who is signed in decides what the first screen shows (a signed-in page waits for it): asked
// now, before the app is drawn, so the answer (announced in the HTML, and usually here already)
// is in the cache by the first render instead of one render later.
void queryClient.prefetchQuery(csrfQuery);
void queryClient.prefetchQuery(authStatusQuery);
// Ticks and added lines a closed page left on this device go out now (or once the network is back).
void startTickQueue();
void startAddQueue();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
