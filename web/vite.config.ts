import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// `npm run dev`: Vite serves the app and forwards API and media calls to the server on :3000.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/media": "http://localhost:3000" },
  },
  build: { target: "es2022", sourcemap: false },
  test: { include: ["src/**/*.test.ts"] },
});
