import { describe, expect, it } from "vitest";
import { allows } from "../../app/auth/access.ts";
import { menuFromRoutes, menuGroups, type MenuHandle } from "../../app/lib/admin-menu.ts";
import { routeManifest } from "../helpers/route-table.ts";

const titles = (groups: ReturnType<typeof menuGroups>) => groups.map((g) => [g.title, g.sections.map((s) => s.label)]);
const editor = { role: "editor" as const, permissions: [] };
const administrator = { role: "administrator" as const, permissions: [] };

describe("admin menu from the route table", async () => {
  const manifest = await routeManifest("routes/admin/");

  it("builds the sidebar's groups from the list screens' handle.menu", () => {
    const menu = menuFromRoutes(manifest);
    expect(titles(menuGroups(menu))).toEqual([
      ["What's on", ["Dashboard", "Events", "Craft Fairs", "Craft fair gallery"]],
      [
        "Pages and news",
        ["Page texts", "Media library", "News", "Causes", "Fund recipients", "Awards", "Trustees", "Annual reports", "Volunteer roles", "FAQ", "Contact details", "Legal pages"],
      ],
      ["People", ["Inbox", "Supporters", "Users"]],
      ["Money", ["Donations"]],
      ["Site", ["Settings", "Data protection", "Audit log", "My account"]],
    ]);
    expect(menu.find((e) => e.label === "Craft fair gallery")).toMatchObject({ to: "/admin/craft-fair-gallery", access: "staff" });
    expect(menu.find((e) => e.label === "Inbox")).toMatchObject({ to: "/admin/inbox", access: "submissions" });
    expect(menu.find((e) => e.label === "Audit log")).toMatchObject({ to: "/admin/audit-log", access: "administrator" });
  });

  it("takes each entry's access from the layout it sits under: an editor sees no administrator-only screen", () => {
    const menu = menuFromRoutes(manifest);
    const forEditor = menu.filter((e) => allows(editor, e.access)).map((e) => e.label);
    expect(forEditor).toContain("Trustees");
    expect(forEditor).toContain("My account");
    for (const adminOnly of ["Inbox", "Supporters", "Donations", "Users", "Settings", "Data protection", "Audit log"]) expect(forEditor).not.toContain(adminOnly);
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
    expect(site.sections.map((s) => s.label)).toEqual(["Settings", "Newsletters", "Data protection", "Audit log", "My account"]);
    expect(site.sections[1]).toMatchObject({ to: "/admin/newsletters", access: "administrator" });
    expect(menu.filter((e) => allows(editor, e.access)).map((e) => e.label)).not.toContain("Newsletters");
  });

  it("refuses a menu entry outside any layout that declares its access", () => {
    const stray = { stray: { id: "stray", path: "stray", module: { handle: { menu: { group: "Site", label: "Stray", order: 1 } } } } };
    expect(() => menuFromRoutes(stray)).toThrow(/declares handle.menu/);
  });
});
