/**
 * The first-run setup link (there is no administrator yet). It gives whoever opens it the
 * first administrator account, so it never goes into the log: on a terminal it is printed
 * there (outside the JSON log lines); when the output is not a terminal (a service
 * manager or container that keeps it as the log), it is written to a file in the data
 * folder readable by the server's user only, and the log says where.
 */
import fs from "node:fs";
import path from "node:path";

export const SETUP_LINK_FILE = "setup-link.txt";

export interface SetupLinkOutput {
  /** Whether standard output is an interactive terminal. */
  isTTY: boolean;
  dataDir: string;
  print: (text: string) => void;
  log: (fields: Record<string, unknown>, message: string) => void;
}

export function announceSetupLink(url: string, out: SetupLinkOutput): void {
  if (out.isTTY) {
    out.print(`  No administrator exists yet. Create the first one (this link works once):\n  ${url}\n`);
    return;
  }
  const file = path.join(out.dataDir, SETUP_LINK_FILE);
  fs.writeFileSync(file, `${url}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  out.log(
    { file },
    "No administrator exists yet. The one-time link to create the first one is in this file (readable by the server's user only); or run npm run create-user",
  );
}

/** Once an administrator exists, the file (its link used or replaced) goes. */
export function removeSetupLinkFile(dataDir: string): void {
  fs.rmSync(path.join(dataDir, SETUP_LINK_FILE), { force: true });
}
