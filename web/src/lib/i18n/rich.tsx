import { Fragment, type ReactNode } from "react";
import { formatOf, type MessageKey } from "./index";

type RichValue = string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode);

/**
 * A message with markup in it ("Read the <link>guide</link>"), the tags filled by `values`
 * (`{ link: (chunks) => <a href="…">{chunks}</a> }`) so that a translation can move the link
 * within its sentence; the sentence is never pieced together from parts.
 */
export function tRich(key: MessageKey, values: Record<string, RichValue>): ReactNode {
  const result = formatOf(key).format<ReactNode>(values as never);
  if (!Array.isArray(result)) return result as ReactNode;
  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message never move.
  return result.map((part, index) => <Fragment key={index}>{part}</Fragment>);
}
