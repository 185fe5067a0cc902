import { describe, expect, it } from "vitest";
import { cleanHtml, isBlankHtml } from "./clean-html.js";

describe("cleanHtml", () => {
  it("keeps what the editor makes", () => {
    const html =
      "<h1>Title</h1><h2>Sub</h2><p>A <strong>bold</strong> and <em>italic</em><br>line</p><ul><li>one</li></ul><ol><li>two</li></ol><hr>";
    expect(cleanHtml(html)).toBe(
      "<h1>Title</h1><h2>Sub</h2><p>A <strong>bold</strong> and <em>italic</em><br />line</p><ul><li>one</li></ul><ol><li>two</li></ol><hr />",
    );
  });

  it("makes script, event handlers and links inert", () => {
    const cleaned = cleanHtml(
      `<p onclick="alert(1)">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">link</a><iframe src="//evil"></iframe></p><style>p{}</style>`,
    );
    expect(cleaned).toBe("<p>Hilink</p>");
  });

  it("turns b and i into strong and em", () => {
    expect(cleanHtml("<b>x</b><i>y</i>")).toBe("<strong>x</strong><em>y</em>");
  });
});

describe("isBlankHtml", () => {
  it("sees through empty paragraphs", () => {
    expect(isBlankHtml("<p></p><p> </p>")).toBe(true);
    expect(isBlankHtml("<p>Stir</p>")).toBe(false);
  });
});
