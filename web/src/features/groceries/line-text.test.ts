import { describe, expect, it } from "vitest";
import { listLineText } from "./line-text";

const catalogue = (quantity: number, unit: string, name: string) => ({
  quantity,
  unit: { name: unit },
  ingredient: { name },
  text: null,
});
const free = (text: string, quantity: number | null = null, unit: string | null = null) => ({
  quantity,
  unit: unit === null ? null : { name: unit },
  ingredient: { name: text },
  text,
});

describe("listLineText", () => {
  it("reads a catalogue ingredient as every ingredient line does", () => {
    expect(listLineText(catalogue(1500, "g", "All-purpose flour"), "as_written").text).toBe(
      "1500 g All-purpose flour",
    );
    expect(listLineText(catalogue(2, "piece", "Egg"), "as_written").text).toBe("2 eggs");
  });

  it("reads a free-text line as typed, after its amount in the cook's units", () => {
    expect(listLineText(free("paper towels"), "as_written")).toEqual({
      amount: "",
      name: "paper towels",
      text: "paper towels",
    });
    expect(listLineText(free("mystery flour", 500, "g"), "as_written").text).toBe(
      "500 g mystery flour",
    );
    expect(listLineText(free("mystery flour", 500, "g"), "us").text).toBe("1.1 lb mystery flour");
    // Its words are the cook's: never made plural.
    expect(listLineText(free("Kitchen roll", 3, "piece"), "as_written").text).toBe(
      "3 Kitchen roll",
    );
  });
});
