/**
 * What the process entry (server/main.ts) does before anything else loads.
 */
import { registerModuleFormatHook } from "./module-format-hook.ts";

export function prepareProcess(env: NodeJS.ProcessEnv = process.env) {
  // Unset means production, as app/lib/config.server.ts reads it. It must be in the
  // environment before React loads: React picks its build from it, and its development
  // build renders about half as fast.
  env.NODE_ENV ??= "production";
  registerModuleFormatHook();
}
