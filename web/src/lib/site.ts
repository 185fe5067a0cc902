/** Facts about the site shown on several pages. */
export const SITE = {
  name: "Potluck",
  contactEmail: "hello@potluck.example",
};
