import { describe, expect, it } from "vitest";
import { moveStep, splitIntoSteps, swipeMove } from "./cook-steps";

const htmls = (html: string) => splitIntoSteps(html).map((step) => step.html);

describe("splitIntoSteps", () => {
  it("takes each item of a numbered list, as the editor writes it", () => {
    const html =
      "<ol><li><p>Whisk the <strong>eggs</strong>.</p></li><li><p>Fold in flour.</p></li></ol>";
    expect(htmls(html)).toEqual([
      "<p>Whisk the <strong>eggs</strong>.</p>",
      "<p>Fold in flour.</p>",
    ]);
  });

  it("takes the items of bulleted lists too, and of several lists, with what is between", () => {
    expect(htmls("<ul><li>One</li></ul><p>Between</p><ol><li>Two</li><li>Three</li></ol>")).toEqual(
      ["One", "Between", "Two", "Three"],
    );
  });

  it("keeps a sub-list inside the step it belongs to", () => {
    const html =
      "<ol><li><p>Prepare:</p><ul><li>dice</li><li>peel</li></ul></li><li>Cook</li></ol>";
    expect(htmls(html)).toEqual(["<p>Prepare:</p><ul><li>dice</li><li>peel</li></ul>", "Cook"]);
  });

  it("takes paragraphs when there is no list, skipping blank ones", () => {
    expect(htmls("<p>Mix.</p><p> </p><p><br></p><hr><p>Bake.</p>")).toEqual(["Mix.", "Bake."]);
  });

  it("names the section a step sits under, without making the heading a step", () => {
    const steps = splitIntoSteps(
      "<h2>Dough</h2><ol><li>Knead</li></ol><h2>Filling &amp; topping</h2><ol><li>Stir</li></ol>",
    );
    expect(steps).toEqual([
      { html: "Knead", section: "Dough", lead: null },
      { html: "Stir", section: "Filling & topping", lead: null },
    ]);
  });

  it("makes no steps of a Notes section (an import's notes and source), up to the next heading", () => {
    const html =
      "<ol><li>Brown.</li><li>Simmer.</li></ol><h2>Notes</h2><p>Better the next day.</p>" +
      "<p>Source: Nonna</p><h2>To serve</h2><p>Grate cheese over.</p>";
    expect(htmls(html)).toEqual(["Brown.", "Simmer.", "Grate cheese over."]);
  });

  it("keeps an intro paragraph above a list as the first step, the bold in it too", () => {
    const html =
      "<p><strong>Rest the batter 10 minutes</strong> before frying.</p>" +
      "<ol><li><p>Whisk.</p></li><li><p>Fry.</p></li></ol>";
    expect(splitIntoSteps(html)).toEqual([
      {
        html: "<strong>Rest the batter 10 minutes</strong> before frying.",
        section: null,
        lead: null,
      },
      { html: "<p>Whisk.</p>", section: null, lead: null },
      { html: "<p>Fry.</p>", section: null, lead: null },
    ]);
  });

  it("mixes paragraphs, headings and lists in the order they are written", () => {
    const html =
      "<p>Read it all first.</p><h1>Dough</h1><p>Warm the milk.</p><ol><li>Knead</li><li>Rise</li></ol>" +
      "<h2>Bake</h2><ul><li>Shape</li></ul><hr><p>Cool on a rack.</p><h2>Serve</h2><p>With jam.</p>";
    expect(splitIntoSteps(html).map((step) => [step.section, step.html])).toEqual([
      [null, "Read it all first."],
      ["Dough", "Warm the milk."],
      ["Dough", "Knead"],
      ["Dough", "Rise"],
      ["Bake", "Shape"],
      ["Bake", "Cool on a rack."],
      ["Serve", "With jam."],
    ]);
  });

  it("shows a paragraph ending in a colon with the step it introduces", () => {
    const steps = splitIntoSteps(
      "<h2>Sauce</h2><p>For the sauce:</p><ol><li>Melt butter</li><li>Whisk in flour</li></ol>",
    );
    expect(steps).toEqual([
      { html: "Melt butter", section: "Sauce", lead: "<p>For the sauce:</p>" },
      { html: "Whisk in flour", section: "Sauce", lead: null },
    ]);
  });

  it("keeps a colon paragraph with nothing after it in its section as a step of its own", () => {
    expect(
      splitIntoSteps("<p>You will need:</p><h2>Next</h2><p>Go.</p><p>Then:</p>").map((step) => [
        step.section,
        step.html,
        step.lead,
      ]),
    ).toEqual([
      [null, "<p>You will need:</p>", null],
      ["Next", "Go.", null],
      ["Next", "<p>Then:</p>", null],
    ]);
  });

  it("treats bare text as one step and nothing as no step", () => {
    expect(htmls("Just bake it.")).toEqual(["Just bake it."]);
    expect(splitIntoSteps("")).toEqual([]);
    expect(splitIntoSteps("<p></p>")).toEqual([]);
  });

  it("reads tags in any case", () => {
    expect(htmls("<OL><LI>Boil</LI><LI>Drain</LI></OL>")).toEqual(["Boil", "Drain"]);
  });
});

describe("moveStep", () => {
  it("moves one step and stops at either end", () => {
    expect(moveStep(0, 1, 3)).toBe(1);
    expect(moveStep(2, 1, 3)).toBe(2);
    expect(moveStep(0, -1, 3)).toBe(0);
    expect(moveStep(0, 1, 0)).toBe(0);
  });
});

describe("swipeMove", () => {
  it("goes forward on a swipe to the left and back on one to the right", () => {
    expect(swipeMove(-80, 10)).toBe(1);
    expect(swipeMove(80, -10)).toBe(-1);
  });

  it("ignores taps, short drags and vertical scrolling", () => {
    expect(swipeMove(0, 0)).toBe(0);
    expect(swipeMove(-30, 0)).toBe(0);
    expect(swipeMove(-60, 120)).toBe(0);
  });
});
