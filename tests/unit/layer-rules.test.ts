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
      expect(await problems("app/domain/submissions/probe.ts", source)).toContain("no-restricted-imports");
    }
    expect(await problems("app/domain/submissions/probe.ts", 'import { privateStore } from "../../storage/file-store.server.ts";\nexport const x = privateStore;\n')).toEqual([]);
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

  it("allow what the layers may use", async () => {
    expect(await problems("app/routes/public/probe.ts", 'import { x } from "../../domain/events/events.server.ts";\nexport const y = x;\n')).toEqual([]);
  });
});
