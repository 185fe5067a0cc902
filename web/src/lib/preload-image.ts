/**
 * Starts fetching a picture the page is about to show, at high priority: called as its data
 * arrives, the request goes out before the page has been drawn instead of after (the largest
 * picture of a recipe page or a list is what a phone's first screen waits for). The `<img>`
 * that then asks for the same address takes this response. The hint leaves the page once
 * the picture has arrived, so a long visit doesn't collect them.
 */
export function preloadImage(href: string): void {
  const selector = `link[rel="preload"][as="image"][href="${CSS.escape(href)}"]`;
  if (document.head.querySelector(selector)) return;
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "image";
  link.href = href;
  link.fetchPriority = "high";
  link.onload = link.onerror = () => link.remove();
  document.head.append(link);
}
