import { Link, useLocation } from "react-router";
import type { AccountDeletedState } from "../../features/settings/api/delete-account";
import { useSession } from "../../lib/session";
import { SITE } from "../../lib/site";
import { useDocumentTitle } from "../../lib/use-document-title";

const FEATURES = [
  {
    title: "Organise your recipes",
    text: "Keep every recipe in one place, with rich-text instructions, a photo and ingredients that scale to any number of guests.",
  },
  {
    title: "Plan your meals",
    text: "Put recipes on a shopping list for a date and a number of guests, add the extras you need, and keep notes alongside.",
  },
  {
    title: "Share ideas with friends",
    text: "Follow other cooks, see what they are cooking in your feed, rate their recipes and leave comments.",
  },
  {
    title: "Smart grocery lists",
    text: "Planned recipes and extras become one combined shopping list, summed per ingredient, that you tick off in the shop.",
  },
];

export default function AboutPage() {
  useDocumentTitle("About");
  const { authenticated } = useSession();
  const accountDeleted =
    (useLocation().state as Partial<AccountDeletedState> | null)?.accountDeleted === true;
  return (
    <div className="about">
      {accountDeleted && !authenticated && (
        <p className="alert alert-success" role="status">
          Your account has been deleted. Thank you for cooking with us.
        </p>
      )}
      <section className="hero">
        <h1>Cook, plan and share with {SITE.name}</h1>
        <p className="lead">
          {SITE.name} organises your recipes, plans your meals, shares ideas with friends and
          generates smart grocery lists, so the shop and the stove take less thinking.
        </p>
        <div className="hero-actions">
          <Link to="/explore" className="btn btn-primary">
            Explore Recipes
          </Link>
          {!authenticated && (
            <Link to="/signup" className="btn btn-outline">
              Sign Up
            </Link>
          )}
        </div>
      </section>
      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="visually-hidden">
          What you can do
        </h2>
        <ul className="feature-grid">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="card feature">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="card about-note">
        <h2>A personal project</h2>
        <p>
          {SITE.name} is a personal project and a work in progress: it may change or break from time
          to time. Questions or ideas? Write to{" "}
          <a href={`mailto:${SITE.contactEmail}`}>{SITE.contactEmail}</a>.
        </p>
      </section>
    </div>
  );
}
