/**
 * The production server's entry compiled to JavaScript (`npm run build`, after the React
 * Router build): build/node/main.js and its start chunk, with every package left external.
 * Running compiled JavaScript spares the server Node's TypeScript stripper, about 15 MB
 * of memory (docs/decisions/045-server-memory.md). `npm run dev` runs the sources.
 */
import { defineConfig } from "vite";

export default defineConfig({
  publicDir: false,
  build: {
    ssr: "server/main.ts",
    outDir: "build/node",
    emptyOutDir: true,
    target: "node24",
    minify: false,
    rollupOptions: {
      // No bundler timing report in the build's output.
      checks: { bundlerTimings: false },
      // main.js prepares the process before start.js (and every package) loads.
      output: { format: "esm", entryFileNames: "[name].js", chunkFileNames: "[name].js" },
    },
  },
});
