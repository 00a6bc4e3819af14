import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { createSession, sessionCookieName } from "../../app/auth/session.server.ts";
import { maintenanceGate } from "../../app/domain/settings/maintenance.server.ts";
import { createUser } from "../../app/domain/staff/staff.server.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

function argsFor(cookie?: string) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "127.0.0.1", nonce: "", secure: false });
  const request = new Request("http://localhost/events", { headers: cookie ? { Cookie: cookie } : {} });
  return { request, context };
}

async function cookieFor(role: "administrator" | "editor" | null) {
  const user = await createUser({ email: `gate-${role}-${Date.now()}-${Math.random()}@millbrook.test`, role });
  const { token } = await createSession(user.id);
  return `${sessionCookieName(false)}=${token}`;
}

describe("maintenance gate", () => {
  it("lets everyone through while maintenance mode is off", async () => {
    await expect(maintenanceGate(argsFor(), false)).resolves.toEqual({ staffBanner: false });
  });

  it("answers visitors and accounts without a role with 503 and Retry-After", async () => {
    for (const cookie of [undefined, await cookieFor(null), "mcf_session=not-a-real-session-token-at-all"]) {
      const thrown = await maintenanceGate(argsFor(cookie), true).then(
        () => null,
        (error: unknown) => error as { init: ResponseInit; data: unknown },
      );
      expect(thrown).not.toBeNull();
      expect(thrown!.init.status).toBe(503);
      expect(new Headers(thrown!.init.headers).get("Retry-After")).toBe("3600");
      expect(thrown!.data).toEqual({ maintenance: true });
    }
  });

  it("lets signed-in staff through with the banner", async () => {
    await expect(maintenanceGate(argsFor(await cookieFor("editor")), true)).resolves.toEqual({ staffBanner: true });
    await expect(maintenanceGate(argsFor(await cookieFor("administrator")), true)).resolves.toEqual({ staffBanner: true });
  });
});
