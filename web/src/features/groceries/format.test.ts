import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-error";
import { formatPlannedDate, guestsText, listLabel, planErrorMessage } from "./format";

describe("formatPlannedDate", () => {
  it("reads as short weekday, day and long month in en-GB", () => {
    expect(formatPlannedDate("2026-12-05")).toBe("Sat 5 December");
    expect(formatPlannedDate("2025-01-01")).toBe("Wed 1 January");
  });
  it("says 'No Date' without one", () => {
    expect(formatPlannedDate(null)).toBe("No Date");
    expect(formatPlannedDate("")).toBe("No Date");
  });
});

describe("guestsText", () => {
  it("is singular for exactly one", () => {
    expect(guestsText(1)).toBe("1 guest");
    expect(guestsText(6)).toBe("6 guests");
  });
});

describe("planErrorMessage", () => {
  const failed = (status: number, body: unknown) => new ApiError(status, "Bad Request", body);
  it("prefers the detail, then non_field_errors, then the unit error, then the status", () => {
    expect(planErrorMessage(failed(404, { detail: "Not found." }), "Recipe")).toBe("Not found.");
    expect(
      planErrorMessage(failed(400, { non_field_errors: ["Too many.", "Other"] }), "Extra"),
    ).toBe("Too many.");
    expect(
      planErrorMessage(
        failed(400, { unit_id: ['Invalid pk "9" - object does not exist.'] }),
        "Extra",
      ),
    ).toBe('Unit: Invalid pk "9" - object does not exist.');
    expect(planErrorMessage(failed(400, { guests: ["Too big."] }), "Recipe")).toBe(
      "Failed to plan Recipe. Status: 400",
    );
    expect(planErrorMessage(failed(502, "<html>"), "Extra")).toBe(
      "Failed to plan Extra. Status: 502",
    );
  });
  it("names a network failure", () => {
    expect(planErrorMessage(new TypeError("Failed to fetch"), "Recipe")).toBe(
      "A network error occurred while planning the Recipe.",
    );
  });
});

describe("listLabel", () => {
  const list = {
    id: 1,
    name: "Weekend shop",
    owner_username: "alice",
    created_at: "2026-11-23T10:00:00Z",
    updated_at: "2026-11-23T10:00:00Z",
  };
  it("leaves my own list as its name", () => {
    expect(listLabel({ ...list, can_manage: true })).toBe("Weekend shop");
  });
  it("names the owner of a list shared with me", () => {
    expect(listLabel({ ...list, can_manage: false })).toBe("Weekend shop (shared by alice)");
  });
});
