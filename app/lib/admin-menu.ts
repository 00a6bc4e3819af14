/**
 * The admin menu, declared by the route table: each admin list screen exports
 * `handle.menu` (group, label, order), each admin layout `handle.access` (who may use
 * the screens under it). The server reads them from the route modules of its build
 * (server/app.ts) and hands them to every request; the admin layout's loader keeps the
 * entries the signed-in staff member may use and the sidebar shows them.
 */
import { createContext, type RouterContext } from "react-router";
import type { Access } from "../auth/access.ts";

/**
 * The sidebar's groups, in their order, by task: `null` is the top of the menu, on its own
 * (the dashboard); "Rarely changed" keeps together the lists edited once or twice a year.
 */
const MENU_GROUPS = [null, "What's on", "Pages and news", "Rarely changed", "People", "Money", "Site"] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** A list screen's place in the menu: `export const handle: MenuHandle = { menu: {...} }`. */
export interface MenuHandle {
  menu: { group: MenuGroup; label: string; order: number };
}

/** An admin layout's access: `export const handle: AccessHandle = { access: "administrator" }`. */
export interface AccessHandle {
  access: Access;
}

export interface MenuEntry {
  to: string;
  label: string;
  group: MenuGroup;
  order: number;
  access: Access;
}

/** The route modules as a server build lists them (`build.routes`). */
export type RouteManifest = Record<
  string,
  { id: string; parentId?: string; path?: string; index?: boolean; module: { handle?: unknown } } | undefined
>;

const menuOf = (handle: unknown) => (handle as Partial<MenuHandle> | undefined)?.menu;
const accessOf = (handle: unknown) => (handle as Partial<AccessHandle> | undefined)?.access;

/** Every menu entry of the route table, in group and order, with the access of the nearest layout that names one. */
export function menuFromRoutes(routes: RouteManifest): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const route of Object.values(routes)) {
    const menu = route && menuOf(route.module.handle);
    if (!route || !menu) continue;
    const paths: string[] = [];
    let access: Access | undefined;
    for (let at: RouteManifest[string] = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
      if (at.path) paths.unshift(at.path);
      access ??= accessOf(at.module.handle);
    }
    if (!access) throw new Error(`${route.id} declares handle.menu but no layout above it declares handle.access`);
    entries.push({ to: "/" + paths.join("/"), ...menu, access });
  }
  return entries.sort((a, b) => MENU_GROUPS.indexOf(a.group) - MENU_GROUPS.indexOf(b.group) || a.order - b.order);
}

/** The menu entries for a staff member, in groups (empty groups left out). */
export function menuGroups(entries: MenuEntry[]): { title: MenuGroup; sections: MenuEntry[] }[] {
  return MENU_GROUPS.map((title) => ({ title, sections: entries.filter((entry) => entry.group === title) })).filter((group) => group.sections.length > 0);
}

// The server entry runs this file natively while the route bundle carries its own copy:
// the context object is kept on globalThis so both copies share one key.
const KEY = Symbol.for("millbrook.adminMenuContext");
const holder = globalThis as { [KEY]?: RouterContext<() => Promise<MenuEntry[]>> };

/** Set by the HTTP server for every request: the menu of the running build. */
export const adminMenuContext: RouterContext<() => Promise<MenuEntry[]>> = (holder[KEY] ??= createContext<() => Promise<MenuEntry[]>>(async () => []));
