import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { startAddQueue } from "./features/groceries/api/add-queue";
import { startTickQueue } from "./features/groceries/api/tick-queue";
import { loadLanguage, markDocument } from "./lib/i18n";
import { pageLanguage } from "./lib/i18n/boot";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
// Ticks and added lines a closed page left on this device go out now (or once the network is back).
void startTickQueue();
void startAddQueue();

// The reader's language: the one the server wrote into <html lang> (the account's, else the
// cookie's, else Accept-Language's), else the cookie's, else the browser's best match, else
// English; or the pseudo-language when the cookie asks for it (lib/i18n/boot.ts).
const language = pageLanguage();
markDocument(language);
// Not a top-level await: with one, the bundler moves its runtime out of the entry into a file
// of its own that every page would fetch first (and the shared chunk may not import it).
void loadLanguage(language).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
