import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { startAddQueue } from "./features/groceries/api/add-queue";
import { startTickQueue } from "./features/groceries/api/tick-queue";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
// Ticks and added lines a closed page left on this device go out now (or once the network is back).
void startTickQueue();
void startAddQueue();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
