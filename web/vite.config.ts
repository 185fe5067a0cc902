import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";
import { checkSharedChunk, codeSplitting } from "./scripts/chunking.ts";
import { firstLoadPlan } from "./scripts/first-load-plan.ts";
import { precompileMessages } from "./scripts/precompile-messages.ts";
import { precompress } from "./scripts/precompress.ts";
import { API_CACHE, MEDIA_CACHE } from "./src/lib/offline/cache-names.ts";

const DAY_SECONDS = 24 * 60 * 60;

// `npm run dev`: Vite serves the app and forwards API and media calls to the server on :3000.
export default defineConfig({
  plugins: [
    react(),
    // The catalogues' messages parsed at build time, the parser left out (decision 0037).
    precompileMessages(),
    // An installable app that opens with no network (decision 0014): the app shell is
    // precached, and what the cook last read (their lists above all) is answered from a cache
    // when the network is not there.
    VitePWA({
      registerType: "autoUpdate",
      injectRegister: "script-defer",
      includeAssets: ["favicon.svg", "apple-touch-icon.png"],
      manifest: {
        name: "Potluck",
        short_name: "Potluck",
        description: "Keep your recipes, plan meals and shop together from one list.",
        // The week's meals are what an installed app is opened for (e2e/installed-app.spec.ts
        // opens this address and checks it is a page of the app).
        start_url: "/planner",
        scope: "/",
        display: "standalone",
        background_color: "#fff7ef",
        theme_color: "#b4532a",
        icons: [
          { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
          {
            src: "/icon-maskable-512.png",
            sizes: "512x512",
            type: "image/png",
            purpose: "maskable",
          },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//, /^\/media\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Every read of the API, except the live event streams and the account export (a
            // download of any size, never to be kept on the device nor served stale): from the
            // network while it answers within a few seconds, else the last answer kept.
            urlPattern: ({ url, request }) =>
              request.method === "GET" &&
              url.pathname.startsWith("/api/") &&
              !url.pathname.endsWith("/events/") &&
              url.pathname !== "/api/users/me/export/",
            handler: "NetworkFirst",
            options: {
              cacheName: API_CACHE,
              networkTimeoutSeconds: 4,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * DAY_SECONDS },
              matchOptions: { ignoreVary: true },
            },
          },
          {
            // Recipe images never change under their name.
            urlPattern: ({ url }) => url.pathname.startsWith("/media/"),
            handler: "CacheFirst",
            options: {
              cacheName: MEDIA_CACHE,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS },
            },
          },
        ],
      },
    }),
    checkSharedChunk(),
    firstLoadPlan(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/media": "http://localhost:3000" },
  },
  // The manifest says which chunks each page needs: `npm run size` sums a first load from it.
  build: {
    target: "es2022",
    sourcemap: false,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: codeSplitting() } },
  },
  test: { include: ["src/**/*.test.ts"], setupFiles: ["src/lib/i18n/test-setup.ts"] },
});
