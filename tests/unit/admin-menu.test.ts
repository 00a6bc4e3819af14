import { describe, expect, it } from "vitest";
import { allows } from "../../app/auth/access.ts";
import { menuFromRoutes, menuGroups, type MenuHandle } from "../../app/lib/admin-menu.ts";
import { CONTENT_TYPES, contentMenu, type ContentType, type ContentTypeName } from "../../app/lib/content-types.ts";
import { routeManifest } from "../helpers/route-table.ts";

const titles = (groups: ReturnType<typeof menuGroups>) => groups.map((g) => [g.title, g.sections.map((s) => s.label)]);
const editor = { role: "editor" as const, permissions: [] };
const administrator = { role: "administrator" as const, permissions: [] };

describe("admin menu from the route table", async () => {
  const manifest = await routeManifest("routes/admin/");

  it("builds the sidebar's groups from the list screens' handle.menu", () => {
    const menu = menuFromRoutes(manifest);
    // The content types' list screens take their place from the registry (app/lib/content-types.ts).
    const content = new Set((Object.entries(CONTENT_TYPES) as [ContentTypeName, ContentType][]).flatMap(([name, type]) => (type.menu ? [contentMenu(name).menu.label] : [])));
    const withoutContent = titles(menuGroups(menu)).map(([group, labels]) => [group, (labels as string[]).filter((label) => !content.has(label))]);
    expect(withoutContent).toEqual([
      // The dashboard at the top, on its own.
      [null, ["Dashboard"]],
      ["What's on", ["Discount codes", "Door check-in"]],
      ["Pages and news", ["Media library"]],
      // The lists edited once or twice a year, together.
      ["Rarely changed", []],
      ["People", ["Inbox", "Supporters", "Volunteer rota", "Volunteers", "Volunteer hours", "Supporter reports", "Data protection", "Complaints", "Data requests", "Users"]],
      ["Money", ["Donations", "Offline gifts", "Gift Aid", "Reports"]],
      ["Site", ["Settings", "Audit log", "My account"]],
    ]);
    // And each group lists them by their order, among the other screens.
    for (const group of menuGroups(menu)) {
      const entries = group.sections.map((s) => menu.find((e) => e.label === s.label)!);
      expect(entries.map((e) => e.order), String(group.title)).toEqual(entries.map((e) => e.order).sort((a, b) => a - b));
    }
    expect(menu.find((e) => e.label === "Door check-in")).toMatchObject({ to: "/admin/check-in", access: "check-in" });
    expect(menu.find((e) => e.label === "Gift Aid")).toMatchObject({ to: "/admin/donations/gift-aid", access: "donations" });
    expect(menu.find((e) => e.label === "Craft fair gallery")).toMatchObject({ to: "/admin/craft-fair-gallery", access: "staff" });
    expect(menu.find((e) => e.label === "Inbox")).toMatchObject({ to: "/admin/inbox", access: "submissions" });
    expect(menu.find((e) => e.label === "Volunteering")).toMatchObject({ to: "/admin/volunteering", access: "staff" });
    expect(menu.find((e) => e.label === "Volunteer rota")).toMatchObject({ to: "/admin/volunteering/rota", access: "submissions" });
    expect(menu.find((e) => e.label === "Audit log")).toMatchObject({ to: "/admin/audit-log", access: "administrator" });
    expect(menu.find((e) => e.label === "Reports")).toMatchObject({ to: "/admin/reports", access: "donations" });
    expect(menu.find((e) => e.label === "Supporter reports")).toMatchObject({ to: "/admin/reports/supporters", access: "supporters" });
  });

  it("takes each entry's access from the layout it sits under: an editor sees no administrator-only screen", () => {
    const menu = menuFromRoutes(manifest);
    const forEditor = menu.filter((e) => allows(editor, e.access)).map((e) => e.label);
    expect(forEditor).toContain("Trustees");
    expect(forEditor).toContain("My account");
    for (const adminOnly of ["Inbox", "Supporters", "Newsletters", "Donations", "Offline gifts", "Gift Aid", "Reports", "Supporter reports", "Door check-in", "Users", "Settings", "Data protection", "Audit log"]) expect(forEditor).not.toContain(adminOnly);
    // A door volunteer: check-in, and still no contact details (the inbox).
    const doorVolunteer = menu.filter((e) => allows({ role: "editor", permissions: ["check-in"] }, e.access)).map((e) => e.label);
    expect(doorVolunteer).toContain("Door check-in");
    expect(doorVolunteer).not.toContain("Inbox");
    expect(menu.filter((e) => allows(administrator, e.access))).toHaveLength(menu.length);
  });

  it("shows a new list route where its handle puts it, with the access of its layout", () => {
    const handle: MenuHandle = { menu: { group: "Site", label: "Newsletters", order: 15 } };
    const withNew = {
      ...manifest,
      "routes/admin/admin-only/newsletters": { id: "routes/admin/admin-only/newsletters", parentId: "routes/admin/admin-only/layout", path: "admin/newsletters", module: { handle } },
    };
    const menu = menuFromRoutes(withNew);
    const site = menuGroups(menu).find((g) => g.title === "Site")!;
    expect(site.sections.map((s) => s.label)).toEqual(["Settings", "Newsletters", "Audit log", "My account"]);
    expect(site.sections[1]).toMatchObject({ to: "/admin/newsletters", access: "administrator" });
    expect(menu.filter((e) => allows(editor, e.access)).map((e) => e.label)).not.toContain("Newsletters");
  });

  it("refuses a menu entry outside any layout that declares its access", () => {
    const stray = { stray: { id: "stray", path: "stray", module: { handle: { menu: { group: "Site", label: "Stray", order: 1 } } } } };
    expect(() => menuFromRoutes(stray)).toThrow(/declares handle.menu/);
  });
});
