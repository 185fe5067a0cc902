import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LeftToRightNumbers } from "./bidi";

const html = (text: string) => renderToStaticMarkup(createElement(LeftToRightNumbers, { text }));

describe("LeftToRightNumbers", () => {
  // The tests run without a DOM: the page's direction is all the helper reads of it.
  const pageDirection = (dir: string) => vi.stubGlobal("document", { documentElement: { dir } });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("leaves a left-to-right page's text as it is", () => {
    pageDirection("ltr");
    expect(html("1½ eggs")).toBe("1½ eggs");
  });

  it("right to left, keeps each quantity whole and left to right", () => {
    pageDirection("rtl");
    expect(html("1½ بيضة")).toBe('<bdi dir="ltr">1½</bdi> بيضة');
    expect(html("150 غ دقيق")).toBe('<bdi dir="ltr">150</bdi> غ دقيق');
    expect(html("1 1/2 كوب")).toBe('<bdi dir="ltr">1 1/2</bdi> كوب');
    expect(html("2–3 فصوص ثوم")).toBe('<bdi dir="ltr">2–3</bdi> فصوص ثوم');
    expect(html("1,5 ٢٫٥")).toBe('<bdi dir="ltr">1,5 ٢٫٥</bdi>');
  });

  it("right to left, leaves a lone digit and words without numbers alone", () => {
    pageDirection("rtl");
    expect(html("2 بيضة")).toBe("2 بيضة");
    expect(html("ملح حسب الرغبة")).toBe("ملح حسب الرغبة");
  });
});
