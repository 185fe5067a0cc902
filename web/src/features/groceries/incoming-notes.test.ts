import { describe, expect, it } from "vitest";
import { decideIncomingNotes, notesChangedText } from "./incoming-notes";

const base = { incoming: "<p>theirs</p>", confirmed: "<p>before</p>", me: "alice" };

describe("decideIncomingNotes", () => {
  it("ignores the notes the editor already stands on (its own save coming back)", () => {
    for (const hasUnsavedText of [false, true]) {
      expect(
        decideIncomingNotes({ ...base, confirmed: base.incoming, hasUnsavedText, by: "alice" }),
      ).toBe("ignore");
      expect(
        decideIncomingNotes({ ...base, confirmed: base.incoming, hasUnsavedText, by: "bob" }),
      ).toBe("ignore");
    }
  });

  it("loads new notes into an editor with nothing unsaved, whoever changed them", () => {
    expect(decideIncomingNotes({ ...base, hasUnsavedText: false, by: "bob" })).toBe("load");
    expect(decideIncomingNotes({ ...base, hasUnsavedText: false, by: "alice" })).toBe("load");
    expect(decideIncomingNotes({ ...base, hasUnsavedText: false, by: null })).toBe("load");
  });

  it("keeps unsaved text and warns when another shopper changed the notes", () => {
    expect(decideIncomingNotes({ ...base, hasUnsavedText: true, by: "bob" })).toBe("warn");
  });

  it("keeps unsaved text and warns when the author is unknown (a reset)", () => {
    expect(decideIncomingNotes({ ...base, hasUnsavedText: true, by: null })).toBe("warn");
    expect(decideIncomingNotes({ ...base, hasUnsavedText: true, by: null, me: null })).toBe("warn");
  });

  it("keeps unsaved text without a warning when the change was the user's own", () => {
    expect(decideIncomingNotes({ ...base, hasUnsavedText: true, by: "alice" })).toBe("keep-local");
  });
});

describe("notesChangedText", () => {
  it("names who changed the notes", () => {
    expect(notesChangedText("bob")).toBe("Notes were changed by bob");
    expect(notesChangedText(null)).toBe("Notes were changed elsewhere");
  });
});
