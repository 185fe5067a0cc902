import { expect, test } from "@playwright/test";
import { expectAccessible, planExtra, shoot, signUp, uniqueName } from "./fixtures";

test("A shares a list with B, B shops on it and leaves, A sees B gone", async ({ browser }) => {
  test.setTimeout(150_000);
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const aName = uniqueName("alice");
  const bName = uniqueName("bob");
  const listName = `Weekend shop ${uniqueName("")}`;
  await signUp(a, aName);
  await signUp(b, bName);

  // --- A creates a list with something on it
  await a.goto("/grocery-lists");
  await a.getByLabel("New list name").fill(listName);
  await a.getByRole("button", { name: "Create New List" }).click();
  await expect(a).toHaveURL(/\/grocery-list\/\d+$/);
  const listUrl = new URL(a.url()).pathname;
  await planExtra(a, "flour", "All-purpose flour", "50", "g");
  await expect(a.locator(".shopping-item")).toHaveText(["50 g All-purpose flour for Extras"]);

  // --- A shares it with B through the Share dialog
  const share = a.getByRole("button", { name: "Share", exact: true });
  await share.click();
  const dialog = a.getByRole("dialog", { name: `Share ${listName}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`${aName} (owner)`)).toBeVisible();
  await expect(dialog.getByText("Not shared with anyone yet.")).toBeVisible();
  const addCook = dialog.getByLabel("Add a cook");
  const addB = async () => {
    await addCook.fill(bName);
    await a.getByRole("option", { name: bName, exact: true }).click();
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
  };
  await addB();
  await expect(dialog.getByText(`Shared with ${bName}.`)).toBeVisible();
  const members = dialog.getByRole("region", { name: "On this list" });
  await expect(members.locator(".follow-name")).toHaveText([`${aName} (owner)`, bName]);
  await expect(members.getByRole("button", { name: `Remove ${bName}` })).toBeVisible();
  await addB(); // a member already: the server's message shows under the picker
  await expect(dialog.locator(".field-error")).toBeVisible();
  await addCook.fill(bName);
  await a.getByRole("option", { name: bName, exact: true }).click();
  await expect(dialog.locator(".field-error")).toHaveCount(0); // a new choice clears it
  await expectAccessible(a);
  await shoot(a, "share-list-owner", { fullPage: false });
  await a.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(share).toBeFocused();

  // --- B finds the list in the dropdown, marked with its owner, and opens it
  await b.goto("/grocery-lists");
  await b.getByLabel("Your lists").click();
  await b.getByRole("option", { name: `${listName} (shared by ${aName})`, exact: true }).click();
  await expect(b).toHaveURL(new RegExp(`${listUrl}$`));
  await expect(b.getByRole("button", { name: /^Delete:/ })).toHaveCount(0); // the owner's only
  await expect(b.getByRole("button", { name: "Members" })).toBeVisible();

  // --- B shops: ticks the flour, plans butter
  const flour = b.getByRole("checkbox", { name: "50 g All-purpose flour for Extras" });
  await flour.check();
  await expect(flour).toBeChecked();
  await planExtra(b, "butt", "Butter", "2.5", "tbsp");
  // In the order of the shop (decision 13): Dairy & eggs before Pantry.
  await expect(b.locator(".shopping-item")).toHaveText([
    "2½ tbsp Butter for Extras",
    "50 g All-purpose flour for Extras",
  ]);

  // --- A sees B's changes after a reload (live.spec.ts sees them without one)
  await a.reload();
  await expect(
    a.getByRole("checkbox", { name: "50 g All-purpose flour for Extras" }),
  ).toBeChecked();
  await expect(a.getByRole("checkbox", { name: "2½ tbsp Butter for Extras" })).toBeVisible();

  // --- B leaves, after saying yes
  await b.getByRole("button", { name: "Members" }).click();
  const bDialog = b.getByRole("dialog", { name: `Members of ${listName}` });
  await expect(
    bDialog.getByText(`${aName} shared this list with you.`, { exact: false }),
  ).toBeVisible();
  await expect(bDialog.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await bDialog.getByRole("button", { name: "Leave list" }).click();
  await expect(bDialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(b);
  await shoot(b, "share-list-member-leave", { fullPage: false });
  await bDialog.getByRole("button", { name: "Yes, leave" }).click();
  await expect(b).toHaveURL(/\/grocery-lists$/);
  await b.getByLabel("Your lists").click();
  await expect(b.getByRole("option", { name: new RegExp(listName) })).toHaveCount(0);
  await b.goto(listUrl);
  await expect(
    b.getByText("This grocery list does not exist, or it is not shared with you."),
  ).toBeVisible();

  // --- A sees B gone from the members
  await a.reload();
  await share.click();
  await expect(members.locator(".follow-name")).toHaveText([`${aName} (owner)`]);
  await expect(dialog.getByText("Not shared with anyone yet.")).toBeVisible();
});
