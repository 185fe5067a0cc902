import { Fragment, type ReactNode } from "react";
import { formatOf, type MessageKey } from "./index";

type RichValue = string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode);

/** Parts of one message as React children: they never move, so their index is their key. */
function keyed(parts: ReactNode[]): ReactNode[] {
  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message never move.
  return parts.map((part, index) => <Fragment key={index}>{part}</Fragment>);
}

/**
 * A message with markup in it ("Read the <link>guide</link>"), the tags filled by `values`
 * (`{ link: (chunks) => <a href="…">{chunks}</a> }`) so that a translation can move the link
 * within its sentence; the sentence is never pieced together from parts.
 */
export function tRich(key: MessageKey, values: Record<string, RichValue>): ReactNode {
  const filled = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === "function" ? (chunks: ReactNode[]) => value(keyed(chunks)) : value,
    ]),
  );
  const result = formatOf(key).format<ReactNode>(filled as never);
  return Array.isArray(result) ? keyed(result) : (result as ReactNode);
}
