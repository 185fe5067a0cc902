import { createElement, Fragment, type ReactNode, useMemo } from "react";
import { t } from "../../../lib/i18n";
import { findDurations, timerName } from "../../../lib/timers/durations";
import { startTimerFromStep } from "../start-timer";

/** The rich-text tags the server keeps (server/src/http/clean-html.ts), all attribute-less. */
const TAGS = new Set(["p", "strong", "em", "h1", "h2", "ul", "ol", "li", "hr", "br"]);
const VOID = new Set(["hr", "br"]);
/** Where one clause of the step ends and another begins, for naming timers. */
const BLOCKS = new Set(["p", "h1", "h2", "li", "br"]);

/**
 * A step of cook mode with each duration in it ("bake for 25 minutes") as a button that starts
 * a timer named from the words before it ("Bake") or, with none, after the step ("Step 3").
 * The step's HTML came cleaned from our server; it is rebuilt here as React elements, tag by
 * tag, so the buttons sit inside the text where the durations are.
 */
export function StepTextWithTimers({ html, step }: { html: string; step: number }) {
  const content = useMemo(() => withTimerButtons(html, step), [html, step]);
  return <>{content}</>;
}

function withTimerButtons(html: string, step: number): ReactNode {
  const template = document.createElement("template");
  template.innerHTML = html;
  // The step's text so far, so a duration in bold still gets the words before it as its name.
  let before = "";

  const text = (value: string, key: string): ReactNode => {
    const found = findDurations(value);
    if (found.length === 0) {
      before += value;
      return value;
    }
    const parts: ReactNode[] = [];
    let at = 0;
    for (const duration of found) {
      parts.push(value.slice(at, duration.start));
      const name =
        timerName(before + value, before.length + duration.start) ?? t("timers.stepName", { step });
      parts.push(
        <button
          key={`${key}-${duration.start}`}
          type="button"
          className="duration-button"
          aria-label={t("timers.startLabel", { duration: duration.text })}
          onClick={() => startTimerFromStep(name, duration.seconds)}
        >
          {duration.text}
        </button>,
      );
      at = duration.end;
    }
    parts.push(value.slice(at));
    before += value;
    return <Fragment key={key}>{parts}</Fragment>;
  };

  const nodes = (parent: Node, path: string): ReactNode[] =>
    [...parent.childNodes].map((node, index) => {
      const key = `${path}.${index}`;
      if (node.nodeType === Node.TEXT_NODE) return text(node.textContent ?? "", key);
      if (node.nodeType !== Node.ELEMENT_NODE) return null;
      const tag = node.nodeName.toLowerCase();
      if (BLOCKS.has(tag)) before += ". ";
      if (VOID.has(tag)) return TAGS.has(tag) ? createElement(tag, { key }) : null;
      const children = nodes(node, key);
      return TAGS.has(tag) ? (
        createElement(tag, { key }, ...children)
      ) : (
        <Fragment key={key}>{children}</Fragment>
      );
    });

  return nodes(template.content, "0");
}
