import { defineConfig } from "vite";

// Paths come from this file's URL, so the build works from any working directory (npm scripts, tests).
const here = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

// The UI is plain TypeScript + DOM; the server serves dist/web under a CSP without inline scripts.
export default defineConfig({
  root: here("."),
  base: "/",
  logLevel: "warn",
  build: {
    outDir: here("../dist/web"),
    emptyOutDir: true,
    target: "es2022",
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
  },
});
