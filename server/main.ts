/**
 * Process entry: `npm start` (production build) and `npm run dev` (Vite, hot reload).
 * Registers the module-format hook before any package loads (it halves the memory that
 * start-up needs, see module-format-hook.ts), then starts the server (start.ts).
 */
import { registerModuleFormatHook } from "./module-format-hook.ts";

registerModuleFormatHook();
await import("./start.ts");
