import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { createSession, sessionCookieName } from "../../app/auth/session.server.ts";
import { eq } from "drizzle-orm";
import { getDb } from "../../app/db/client.server.ts";
import { siteSettings } from "../../app/db/schema.ts";
import { maintenanceGate, maintenanceMiddleware, refuseResourceDuringMaintenance } from "../../app/routes/public/maintenance-gate.server.ts";
import { createUser } from "../../app/features/staff/staff.server.ts";
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

describe("maintenance middleware (before any loader or action)", () => {
  const setMaintenance = (on: boolean) => getDb().update(siteSettings).set({ maintenance_mode: on }).where(eq(siteSettings.id, 1));

  it("refuses visitors with 503 before the page's loaders run, for every method", async () => {
    await setMaintenance(true);
    try {
      for (const method of ["GET", "HEAD", "POST"]) {
        const args = argsFor();
        let loadersRan = false;
        const thrown = await Promise.resolve().then(() => maintenanceMiddleware({ ...args, request: new Request("http://localhost/events.data", { method }), params: {}, unstable_pattern: "" } as never, async () => {
          loadersRan = true;
          return new Response("events data");
        })).then(
          () => null,
          (error: unknown) => error as { init: ResponseInit },
        );
        expect(thrown?.init.status, method).toBe(503);
        expect(loadersRan, method).toBe(false);
      }
      // Staff get through.
      let ran = false;
      await maintenanceMiddleware({ ...argsFor(await cookieFor("editor")), params: {}, unstable_pattern: "" } as never, async () => {
        ran = true;
        return new Response("ok");
      });
      expect(ran).toBe(true);
    } finally {
      await setMaintenance(false);
    }
  });

  it("refuses the public resources (calendar file, sitemap) to visitors with a plain 503", async () => {
    await setMaintenance(true);
    try {
      const refused = await refuseResourceDuringMaintenance(argsFor()).then(
        () => null,
        (error: unknown) => error as Response,
      );
      expect(refused?.status).toBe(503);
      expect(refused?.headers.get("Retry-After")).toBe("3600");
      await expect(refuseResourceDuringMaintenance(argsFor(await cookieFor("administrator")))).resolves.toBeUndefined();
    } finally {
      await setMaintenance(false);
    }
    await expect(refuseResourceDuringMaintenance(argsFor())).resolves.toBeUndefined();
  });
});
