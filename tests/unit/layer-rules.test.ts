/**
 * The layer rules in eslint.config.js hold: each forbidden import fails lint. Run
 * through ESLint's API on sources placed (virtually) in each layer.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function problems(file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId);
}

describe("layer rules", () => {
  it("refuse a route or a component reaching the database", async () => {
    const source = 'import { getDb } from "../../db/client.server.ts";\nexport const x = getDb;\n';
    expect(await problems("app/routes/public/probe.ts", source)).toContain("no-restricted-imports");
    expect(await problems("app/components/site/probe.ts", source)).toContain("no-restricted-imports");
  });

  it("refuse a component importing a server module", async () => {
    const source = 'import { logger } from "../../lib/logger.server.ts";\nexport const x = logger;\n';
    expect(await problems("app/components/site/probe.ts", source)).toContain("no-restricted-imports");
  });

  it("refuse the database layer importing the domain, and the domain importing routes or components", async () => {
    expect(await problems("app/db/probe.ts", 'import { x } from "../domain/events/events.server.ts";\nexport const y = x;\n')).toContain(
      "no-restricted-imports",
    );
    expect(
      await problems("app/domain/events/probe.ts", 'import { x } from "../../components/admin/admin-shell.tsx";\nexport const y = x;\n'),
    ).toContain("no-restricted-imports");
    expect(await problems("app/domain/events/probe.ts", 'import { x } from "../../routes/public/home.tsx";\nexport const y = x;\n')).toContain(
      "no-restricted-imports",
    );
  });

  it("refuse the domain touching files with node:fs (files go through app/storage)", async () => {
    for (const source of ['import fs from "node:fs/promises";\nexport const x = fs;\n', 'import { rm } from "node:fs";\nexport const x = rm;\n']) {
      expect(await problems("app/domain/data-protection/probe.ts", source)).toContain("no-restricted-imports");
    }
    expect(await problems("app/domain/data-protection/probe.ts", 'import { privateStore } from "../../storage/file-store.server.ts";\nexport const x = privateStore;\n')).toEqual([]);
  });

  it("refuse process.env outside the configuration module", async () => {
    expect(await problems("app/domain/events/probe.ts", "export const x = process.env.FOO;\n")).toContain("no-restricted-properties");
    expect(await problems("app/lib/config.server.ts", "export const x = process.env.FOO;\n")).not.toContain("no-restricted-properties");
  });

  it("refuse the platform importing a feature, and a feature importing the layered routes", async () => {
    const feature = 'import { x } from "../features/supporters/supporters.server.ts";\nexport const y = x;\n';
    for (const file of ["app/db/probe.ts", "app/lib/probe.ts", "app/auth/probe.ts", "app/mail/probe.ts"]) {
      expect(await problems(file, feature), file).toContain("no-restricted-imports");
    }
    expect(await problems("app/components/site/probe.ts", 'import { x } from "../../features/supporters/index.ts";\nexport const y = x;\n')).toContain(
      "no-restricted-imports",
    );
    expect(await problems("app/features/supporters/probe.ts", 'import { x } from "../../routes/public/home.tsx";\nexport const y = x;\n')).toContain(
      "no-restricted-imports",
    );
    expect(await problems("app/features/supporters/probe.ts", 'import { getDb } from "../../db/client.server.ts";\nexport const y = getDb;\n')).toEqual([]);
  });

  it("refuse the auth primitives importing the domain or a feature (the sign-in flows sit above them)", async () => {
    expect(await problems("app/auth/probe.ts", 'import { recordAudit } from "../domain/audit/audit.server.ts";\nexport const y = recordAudit;\n')).toContain(
      "no-restricted-imports",
    );
    expect(await problems("app/auth/probe.ts", 'import { findUserByEmail } from "../features/staff/index.ts";\nexport const y = findUserByEmail;\n')).toContain(
      "no-restricted-imports",
    );
    expect(await problems("app/auth/probe.ts", 'import { x } from "../features/sign-in/login.server.ts";\nexport const y = x;\n')).toContain("no-restricted-imports");
    expect(await problems("app/auth/probe.ts", 'import { getDb } from "../db/client.server.ts";\nexport const y = getDb;\n')).toEqual([]);
    // The flows may use the domain, the primitives and the staff accounts (through their index.ts).
    expect(await problems("app/features/sign-in/probe.ts", 'import { roleOf } from "../staff/index.ts";\nexport const y = roleOf;\n')).toEqual([]);
  });

  it("refuse a feature reaching into another feature's inside, and allow its index.ts and table.ts", async () => {
    for (const [file, source] of [
      ["app/features/newsletters/probe.ts", "../supporters/admin.server.ts"],
      ["app/features/newsletters/admin/probe.tsx", "../../supporters/consent-box.tsx"],
      ["app/features/newsletters/admin/probe.tsx", "../../../features/supporters/admin.server.ts"],
    ]) {
      expect(await problems(file, `import { x } from "${source}";\nexport const y = x;\n`), source).toContain("no-restricted-imports");
    }
    for (const source of ["../supporters/index.ts", "../supporters/table.ts", "../supporters/ui.ts", "./sending.server.ts", "../../lib/money.ts"]) {
      expect(await problems("app/features/newsletters/probe.ts", `import { x } from "${source}";\nexport const y = x;\n`), source).toEqual([]);
    }
    // A feature's own sub-folders are its own.
    expect(await problems("app/features/supporters/admin/probe.tsx", 'import { x } from "../admin.server.ts";\nexport const y = x;\n')).toEqual([]);
    // Tests beside the code set up data through any module.
    expect(await problems("app/features/newsletters/probe.integration.test.ts", 'import { x } from "../supporters/admin.server.ts";\nexport const y = x;\n')).toEqual([]);
  });

  it("allow what the layers may use", async () => {
    expect(await problems("app/routes/public/probe.ts", 'import { x } from "../../domain/events/events.server.ts";\nexport const y = x;\n')).toEqual([]);
  });
});
