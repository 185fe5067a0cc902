import { bestLanguage, DEFAULT_LANGUAGE } from "@potluck/contract/languages";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { startAddQueue } from "./features/groceries/api/add-queue";
import { startTickQueue } from "./features/groceries/api/tick-queue";
import { chosenLanguage, loadLanguage, markDocument } from "./lib/i18n";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
// Ticks and added lines a closed page left on this device go out now (or once the network is back).
void startTickQueue();
void startAddQueue();

// The reader's language: the one they chose, else the browser's best match, else English.
const language = chosenLanguage() ?? bestLanguage(navigator.languages) ?? DEFAULT_LANGUAGE;
markDocument(language);
await loadLanguage(language);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
