/**
 * Process entry: `npm start` (production build) and `npm run dev` (Vite, hot reload).
 * Prepares the process before any package loads (NODE_ENV, the module-format hook that
 * halves start-up memory; see process-setup.ts), then starts the server (start.ts).
 */
import { prepareProcess } from "./process-setup.ts";

prepareProcess();
await import("./start.ts");
