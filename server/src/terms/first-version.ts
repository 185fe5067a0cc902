/** The Terms of Service shipped with the product; loaded as version 1 on first start. */
export const FIRST_TERMS_VERSION = {
  versionNumber: 1,
  content: `<h1>Terms of Service</h1>
<p>Welcome to Potluck, a personal project for home cooks to keep recipes, plan meals and share ideas with friends. By creating an account you agree to these terms.</p>
<h2>1. Your account</h2>
<p>You are responsible for your account and for keeping your password secret. Tell us at once if you think someone else has used it.</p>
<h2>2. Your content</h2>
<p>You keep the rights to the recipes, images, ratings and comments you publish. You give us permission to store and show them to other users of the site as the features describe. Only publish what you have the right to share.</p>
<h2>3. Acceptable use</h2>
<ul><li>Be kind in ratings and comments.</li><li>Do not post unlawful, hateful or misleading content.</li><li>Do not try to break, overload or misuse the service or other people's accounts.</li></ul>
<h2>4. A work in progress</h2>
<p>This is a personal project. It is provided as it is, may change or break, and comes without any warranty. Keep your own copy of anything that matters to you.</p>
<h2>5. Privacy</h2>
<p>We store what you give us (username, email, name and your content) to run the service. We only use strictly necessary cookies; see the Cookie Policy.</p>
<h2>6. Changes</h2>
<p>We may update these terms. A new version applies to new sign-ups from its publication date.</p>`,
};
