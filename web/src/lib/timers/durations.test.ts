import { describe, expect, it } from "vitest";
import { findDurations, formatLength, timerName } from "./durations";

/** [text as written, seconds] of every duration found. */
const read = (text: string) => findDurations(text).map((found) => [found.text, found.seconds]);

describe("findDurations", () => {
  it("reads minutes, hours and seconds in their usual spellings", () => {
    expect(read("Bake for 25 minutes.")).toEqual([["25 minutes", 1500]]);
    expect(read("Simmer for 1 minute")).toEqual([["1 minute", 60]]);
    expect(read("Rest 10 min, then slice")).toEqual([["10 min", 600]]);
    expect(read("Blend 45 secs")).toEqual([["45 secs", 45]]);
    expect(read("Microwave 90 seconds")).toEqual([["90 seconds", 90]]);
    expect(read("Chill 2 hrs")).toEqual([["2 hrs", 7200]]);
    expect(read("Prove for 1 h")).toEqual([["1 h", 3600]]);
    expect(read("Leave 3 Hours")).toEqual([["3 Hours", 10800]]);
    expect(read("Steam 5mins")).toEqual([["5mins", 300]]);
  });

  it("adds up the parts of one duration", () => {
    expect(read("Roast 1 hr 10 min")).toEqual([["1 hr 10 min", 4200]]);
    expect(read("Roast 1 hour 10 minutes")).toEqual([["1 hour 10 minutes", 4200]]);
    expect(read("Roast 1 hour and 10 minutes")).toEqual([["1 hour and 10 minutes", 4200]]);
    expect(read("Roast 1 hour, 10 minutes")).toEqual([["1 hour, 10 minutes", 4200]]);
    expect(read("Cook 2 minutes 30 seconds")).toEqual([["2 minutes 30 seconds", 150]]);
    expect(read("Cuire 1h30")).toEqual([["1h30", 5400]]);
  });

  it("takes the longer end of a range", () => {
    expect(read("Cook 2–3 minutes")).toEqual([["2–3 minutes", 180]]);
    expect(read("Cook 2-3 minutes")).toEqual([["2-3 minutes", 180]]);
    expect(read("Cook 2 - 3 minutes")).toEqual([["2 - 3 minutes", 180]]);
    expect(read("Cook 2 to 3 minutes")).toEqual([["2 to 3 minutes", 180]]);
    expect(read("Cook 2 or 3 minutes")).toEqual([["2 or 3 minutes", 180]]);
    expect(read("Cook between 8 and 10 minutes")).toEqual([["between 8 and 10 minutes", 600]]);
    expect(read("Bake 25—30 min")).toEqual([["25—30 min", 1800]]);
    expect(read("Braise 1 to 1½ hours")).toEqual([["1 to 1½ hours", 5400]]);
    // "and" makes a range only after "between".
    expect(read("Turn 2 and 3 minutes later")).toEqual([["3 minutes", 180]]);
  });

  it("reads fractions, decimals and words", () => {
    expect(read("Braise 1½ hours")).toEqual([["1½ hours", 5400]]);
    expect(read("Braise 1.5 hours")).toEqual([["1.5 hours", 5400]]);
    expect(read("Braise 1,5 hours")).toEqual([["1,5 hours", 5400]]);
    expect(read("Braise 1 1/2 hours")).toEqual([["1 1/2 hours", 5400]]);
    expect(read("Boil ½ hour")).toEqual([["½ hour", 1800]]);
    expect(read("Boil 1/4 hour")).toEqual([["1/4 hour", 900]]);
    expect(read("Chill for an hour")).toEqual([["an hour", 3600]]);
    expect(read("Stir for a minute")).toEqual([["a minute", 60]]);
    expect(read("Rest half an hour")).toEqual([["half an hour", 1800]]);
    expect(read("Rest a half hour")).toEqual([["a half hour", 1800]]);
    expect(read("Braise an hour and a half")).toEqual([["an hour and a half", 5400]]);
    expect(read("Soak ten minutes")).toEqual([["ten minutes", 600]]);
    expect(read("Soak forty-five minutes")).toEqual([["forty-five minutes", 2700]]);
    expect(read("Soak Twenty minutes")).toEqual([["Twenty minutes", 1200]]);
    expect(read("Rest for a 10-minute spell")).toEqual([["10-minute", 600]]);
  });

  it("finds each duration of a step with where it is", () => {
    const text = "Bake for 25 minutes, then rest 10 minutes.";
    expect(findDurations(text)).toEqual([
      { start: 9, end: 19, text: "25 minutes", seconds: 1500 },
      { start: 31, end: 41, text: "10 minutes", seconds: 600 },
    ]);
    // Two durations of different units that are not one: a comma and another verb between.
    expect(read("Boil 1 hour, stir 10 minutes")).toEqual([
      ["1 hour", 3600],
      ["10 minutes", 600],
    ]);
  });

  it("leaves what is no duration alone", () => {
    expect(read("Preheat the oven to 350 degrees.")).toEqual([]);
    expect(read("Serves 4")).toEqual([]);
    expect(read("Add 4 minced garlic cloves")).toEqual([]);
    expect(read("2 medium onions, 3 small shallots")).toEqual([]);
    expect(read("Cut into 2 m lengths of 5 s")).toEqual([]);
    expect(read("Add the 2 eggs and the hot stock")).toEqual([]);
    expect(read("Model H4 hours")).toEqual([]);
    expect(read("Cook 0 minutes")).toEqual([]);
    expect(read("Age for 200 hours")).toEqual([]);
    expect(read("A few minutes later, stir")).toEqual([]);
    expect(read("Stir a couple of minutes")).toEqual([]);
    expect(read("Whisk until it is homogeneous")).toEqual([]);
    expect(read("Set the machine to minute mode")).toEqual([]);
  });

  it("reads '2 minutes' walk' as a duration, the apostrophe ending the word", () => {
    expect(read("The market is 2 minutes' walk away")).toEqual([["2 minutes", 120]]);
  });
});

describe("timerName", () => {
  const nameOf = (text: string, which = 0) =>
    timerName(text, findDurations(text)[which]?.start ?? -1);

  it("names a timer after the words that lead up to its duration", () => {
    expect(nameOf("Bake for 25 minutes.")).toBe("Bake");
    expect(nameOf("Simmer for 1 minute")).toBe("Simmer");
    expect(nameOf("Cook the pasta for about 10 minutes")).toBe("Cook the pasta");
    expect(nameOf("Bring to the boil and simmer for a further 5 minutes")).toBe("Simmer");
    expect(nameOf("Bake for 25 minutes, then rest 10 minutes.", 1)).toBe("Rest");
    expect(nameOf("Drain. Let the pasta rest for 2 minutes")).toBe("Let the pasta");
  });

  it("looks back a clause when the nearest says nothing", () => {
    expect(nameOf("Bake until golden, about 25 minutes")).toBe("Bake until golden");
    expect(nameOf("After 5 minutes, flip and cook 2 minutes", 1)).toBe("Cook");
  });

  it("gives nothing when no words come before the duration", () => {
    expect(nameOf("25 minutes in the oven")).toBeNull();
    expect(nameOf("About 25 minutes")).toBeNull();
  });
});

describe("formatLength", () => {
  it("says a length the short way", () => {
    expect(formatLength(1500)).toBe("25 min");
    expect(formatLength(4200)).toBe("1 hr 10 min");
    expect(formatLength(3600)).toBe("1 hr");
    expect(formatLength(90)).toBe("1 min 30 sec");
    expect(formatLength(45)).toBe("45 sec");
  });
});
