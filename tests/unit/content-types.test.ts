/**
 * The content types' registry (app/lib/content-types.ts) against every place derived from
 * it or that must agree with it: a declared type missing from any of them fails here.
 */
import { getTableColumns, getTableName, isTable } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { AUDIT_KIND_LABELS, AUDIT_KINDS } from "../../app/domain/audit/audit-kinds.ts";
import { AUDIT_PHRASES } from "../../app/domain/audit/describe.ts";
import { REVISION_TYPES } from "../../app/domain/revisions/revisions.server.ts";
import { menuFromRoutes } from "../../app/lib/admin-menu.ts";
import { CONTENT_TYPES, contentMenu, ORDERED_TABLES, type ContentType } from "../../app/lib/content-types.ts";
import { TABLE_TOPICS } from "../../app/live/read-topics.server.ts";
import { CONTENT_TOPICS } from "../../app/live/content-topics.ts";
import routes from "../../app/routes.ts";
import { routeManifest } from "../helpers/route-table.ts";

const types = Object.entries(CONTENT_TYPES) as [string, ContentType][];

/** Every Drizzle table of the platform and of the feature folders, by name. */
const tableModules = { ...import.meta.glob<Record<string, unknown>>("../../app/db/schema.ts", { eager: true }), ...import.meta.glob<Record<string, unknown>>("../../app/features/*/table.ts", { eager: true }) };
const tables = new Map<string, PgTable>();
for (const module of Object.values(tableModules)) for (const value of Object.values(module)) if (isTable(value)) tables.set(getTableName(value), value as PgTable);
const columnsOf = (table: string) => Object.values(getTableColumns(tables.get(table)!)).map((c) => c.name);

/** The public pages' paths in the route table. */
const adminMenu = menuFromRoutes(await routeManifest("routes/admin/"));

const publicPaths = (routes.find((r) => r.file === "routes/public/layout.tsx")?.children ?? []).map((r) => (r.index ? "/" : `/${r.path}`));

describe("the content types' registry", () => {
  for (const [name, type] of types) {
    describe(name, () => {
      it("has its tables in the schema, and their changes published under its topic", () => {
        expect(CONTENT_TOPICS).toContain(type.topic);
        for (const table of type.tables) {
          expect(tables.has(table), `table ${table}`).toBe(true);
          expect(TABLE_TOPICS[table]).toBe(type.topic);
        }
      });

      if (type.ordered) it("is ordered by the one move up/down mechanism, on a sort_order column", () => {
        expect(ORDERED_TABLES).toContain(type.tables[0]);
        expect(columnsOf(type.tables[0])).toContain("sort_order");
        if (type.ordered?.group) expect(columnsOf(type.tables[0])).toContain(type.ordered.group);
      });

      if (type.revision) it("is kept by History", () => {
        expect(REVISION_TYPES).toContain(type.revision);
      });

      if (type.media) it("names real media columns, and the screen that edits a row using an item", () => {
        for (const media of type.media ?? []) {
          const columns = columnsOf(media.table ?? type.tables[0]);
          for (const column of [media.column, media.title, media.alt, media.id].filter(Boolean)) expect(columns, `${media.table ?? type.tables[0]}.${column}`).toContain(column);
        }
        expect(type.edit).toMatch(/^\/admin\/.*:id/);
      });

      if (type.sitemap) it("lists public pages that exist", () => {
        for (const path of type.sitemap ?? []) expect(publicPaths).toContain(path);
      });

      if (type.menu) it("has its list screen in the admin menu", () => {
        const { menu: place } = contentMenu(name as keyof typeof CONTENT_TYPES);
        expect(adminMenu.filter((e) => e.label === place.label && e.group === place.group), place.label).toHaveLength(1);
      });

      if (type.audit) it("has its audit kind in the log's filter, with a sentence for each usual action", () => {
        const kind = type.audit!.kind as (typeof AUDIT_KINDS)[number];
        expect(AUDIT_KINDS).toContain(kind);
        expect(AUDIT_KIND_LABELS[kind]).toBe(type.audit!.label);
        for (const action of type.audit!.actions ?? []) expect(AUDIT_PHRASES).toHaveProperty(`${kind}.${action}`);
        expect(Object.keys(AUDIT_PHRASES).some((action) => action.startsWith(`${kind}.`)), "an action of its kind").toBe(true);
      });
    });
  }

  it("makes the usual sentences from the type's noun", () => {
    expect(AUDIT_PHRASES["trustee.created"]).toBe("added a trustee");
    expect(AUDIT_PHRASES["cause.hidden"]).toBe("hid a cause from the website");
    expect(AUDIT_PHRASES["annual_report.shown"]).toBe("showed an annual report on the website");
    expect(AUDIT_PHRASES).not.toHaveProperty("annual_report.moved");
  });

  it("offers every kind of action that can be recorded in the audit log's filter", () => {
    const recorded = new Set(Object.keys(AUDIT_PHRASES).map((action) => action.split(".")[0]));
    expect([...recorded].sort()).toEqual([...AUDIT_KINDS].sort());
  });
});
