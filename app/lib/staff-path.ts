/**
 * Whether an address is one of the staff screens (`/admin`, `/admin/...`). They link the
 * whole stylesheet in the head; public pages carry theirs inline (app/lib/first-paint.server.ts).
 */
export function isStaffPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}
