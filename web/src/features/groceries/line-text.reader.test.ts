import { afterEach, expect, test } from "vitest";
import { setCatalogue } from "../../lib/i18n";
import english from "../../lib/i18n/messages/en.json";
import { listLineText } from "./line-text";

// A shopping line in the reader's language (issue 37 §3): the names as the API gives them
// outside English, the plural form, the decimal comma; the need said by the catalogue.

const onion = { name: "Zwiebel", forms: { one: "Zwiebel", other: "Zwiebeln" } };
const piece = { name: "Stück", code: "piece" };
const kg = { name: "kg", code: "kg" };

afterEach(() => setCatalogue("en", english));

test("German shopping line: bought whole, the need said beside it", () => {
  // The lines need only the language; the messages stay English here.
  setCatalogue("de", english as never);
  const line = { quantity: 8 / 3, unit: piece, ingredient: onion, text: null };
  expect(listLineText(line, "as_written")).toMatchObject({
    amount: "3",
    name: "Zwiebeln",
    needed: "2⅔",
  });
  const free = { quantity: 1.5, unit: kg, ingredient: { name: "Wundermehl" }, text: "Wundermehl" };
  expect(listLineText(free, "as_written").text).toBe("1,5 kg Wundermehl");
});
