export * from "./auth.js";
export * from "./common.js";
export * from "./feed.js";
export * from "./groceries.js";
export * from "./ingredients.js";
export * from "./ratings.js";
export * from "./recipes.js";
export * from "./users.js";
