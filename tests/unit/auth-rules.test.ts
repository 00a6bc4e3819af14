import { readConfig } from "../../app/lib/config.server.ts";
import { describe, expect, it } from "vitest";
import { allows, pagePath } from "../../app/auth/guards.server.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../../app/auth/password.server.ts";
import { loginUrl, safeRedirect } from "../../app/auth/redirect.ts";
import {
  clearSessionCookie,
  parseCookies,
  readSessionToken,
  serializeSessionCookie,
  SESSION_IDLE_TIMEOUT_MS,
  sessionPolicy,
} from "../../app/auth/session.server.ts";
import { addressBucket, addressFreeFailures, backoffDelayMs, throttleKeys } from "../../app/auth/throttle.server.ts";

describe("safeRedirect (redirectTo after sign-in)", () => {
  it.each([
    ["/admin/events", "/admin/events"],
    ["/admin/events?status=active#top", "/admin/events?status=active#top"],
    ["/admin/craft-fairs/edit/3", "/admin/craft-fairs/edit/3"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "//evil.example/admin",
    "///evil.example",
    "https://evil.example/admin",
    "http:/evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/admin\\..\\..\\evil",
    "/admin/../..//evil.example",
    "/admin/..//evil.example/x",
    "javascript:alert(1)",
    "admin/events",
    "/admin/%0d%0aSet-Cookie:x=1\r\n",
    "/admin\t/events",
    "",
    "/admin/login",
    "/admin/logout",
  ])("refuses %j and falls back to the dashboard", (input) => {
    expect(safeRedirect(input)).toBe("/admin/dashboard");
  });

  it("refuses non-strings", () => {
    expect(safeRedirect(null)).toBe("/admin/dashboard");
    expect(safeRedirect(["/admin/events"])).toBe("/admin/dashboard");
  });

  it("builds the sign-in URL with an encoded same-site redirectTo", () => {
    expect(loginUrl("/admin/events?x=1")).toBe("/admin/login?redirectTo=%2Fadmin%2Fevents%3Fx%3D1");
    expect(loginUrl("/admin/dashboard")).toBe("/admin/login");
    expect(loginUrl("//evil.example")).toBe("/admin/login");
  });
});

describe("session cookie", () => {
  const token = "A".repeat(43);

  it("is HttpOnly, SameSite=Lax, path /, and not Secure over plain HTTP", () => {
    const cookie = serializeSessionCookie(token, { secure: false, maxAgeMs: 12 * 3600_000 });
    expect(cookie).toBe(`mcf_session=${token}; Max-Age=43200; Path=/; HttpOnly; SameSite=Lax`);
  });

  it("is Secure with the __Host- prefix over HTTPS", () => {
    const cookie = serializeSessionCookie(token, { secure: true, maxAgeMs: 1000 });
    expect(cookie).toBe(`__Host-mcf_session=${token}; Max-Age=1; Path=/; HttpOnly; Secure; SameSite=Lax`);
    expect(clearSessionCookie({ secure: true })).toBe("__Host-mcf_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
  });

  it("reads only well-formed tokens from the right cookie", () => {
    const request = (cookie: string) => new Request("http://x/", { headers: { Cookie: cookie } });
    expect(readSessionToken(request(`other=1; mcf_session=${token}`), false)).toBe(token);
    expect(readSessionToken(request(`mcf_session=${token}`), true)).toBeNull();
    expect(readSessionToken(request("mcf_session=short"), false)).toBeNull();
    expect(readSessionToken(request("mcf_session=<script>aaaaaaaaaaaaaaaaaaaaaaaaaa"), false)).toBeNull();
    expect(parseCookies("a=1; b=%20x; a=2").get("a")).toBe("1");
    expect(parseCookies("a=1; b=%20x; a=2").get("b")).toBe(" x");
    // A value that is not valid URI-encoding is left out, not passed on half-read.
    expect(parseCookies("mcf_session=%E0%A4%A; c=3").has("mcf_session")).toBe(false);
  });
});

describe("session policy", () => {
  it("is 2 hours idle, 12 hours absolute, warning 5 minutes before", () => {
    const policy = sessionPolicy(readConfig({ NODE_ENV: "production" }));
    expect(policy).toEqual({
      idleTimeoutMs: SESSION_IDLE_TIMEOUT_MS,
      absoluteLifetimeMs: 12 * 3600_000,
      touchIntervalMs: 60_000,
      warningBeforeMs: 5 * 60_000,
    });
    expect(SESSION_IDLE_TIMEOUT_MS).toBe(7_200_000);
  });

  it("honours short limits from the environment only when NODE_ENV=test", () => {
    expect(sessionPolicy(readConfig({ NODE_ENV: "production", SESSION_IDLE_TIMEOUT_MS: "5000" })).idleTimeoutMs).toBe(7_200_000);
    expect(sessionPolicy(readConfig({ NODE_ENV: "development", SESSION_IDLE_TIMEOUT_MS: "5000" })).idleTimeoutMs).toBe(7_200_000);
    const test = sessionPolicy(readConfig({ NODE_ENV: "test", SESSION_IDLE_TIMEOUT_MS: "20000" }));
    expect(test.idleTimeoutMs).toBe(20_000);
    expect(test.warningBeforeMs).toBe(10_000);
    expect(test.touchIntervalMs).toBe(2_000);
  });
});

describe("access and paths", () => {
  it("gives administrators everything and editors the submissions only when granted", () => {
    const administrator = { role: "administrator" as const, permissions: [] };
    const editor = { role: "editor" as const, permissions: [] };
    const trusted = { role: "editor" as const, permissions: ["submissions" as const] };
    expect(["staff", "submissions", "administrator"].map((a) => allows(administrator, a as never))).toEqual([true, true, true]);
    expect(["staff", "submissions", "administrator"].map((a) => allows(editor, a as never))).toEqual([true, false, false]);
    expect(["staff", "submissions", "administrator"].map((a) => allows(trusted, a as never))).toEqual([true, true, false]);
  });

  it("grants each permission on its own: a treasurer sees donations, not supporters or the inbox", () => {
    const treasurer = { role: "editor" as const, permissions: ["donations" as const] };
    const permissions = ["submissions", "check-in", "supporters", "donations", "data-protection"] as const;
    expect(permissions.map((p) => allows(treasurer, p))).toEqual([false, false, false, true, false]);
    expect(permissions.map((p) => allows({ role: "administrator", permissions: [] }, p))).toEqual([true, true, true, true, true]);
  });

  it("sees the page path behind React Router data requests", () => {
    const path = (url: string) => pagePath(new Request(`http://x${url}`));
    expect(path("/admin/users.data?_routes=routes/admin/users")).toBe("/admin/users");
    expect(path("/admin/_root.data")).toBe("/admin");
    expect(path("/admin//users/")).toBe("/admin/users");
  });
});

describe("throttle rules", () => {
  it("backs off 1 s doubling up to 60 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 50].map(backoffDelayMs)).toEqual([
      0, 1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });

  it("lets tests raise the free failures per address, and nobody else", () => {
    expect(addressFreeFailures(readConfig({ NODE_ENV: "production", LOGIN_THROTTLE_ADDRESS_FREE_FAILURES: "1000" }))).toBe(5);
    expect(addressFreeFailures(readConfig({ NODE_ENV: "test", LOGIN_THROTTLE_ADDRESS_FREE_FAILURES: "1000" }))).toBe(1000);
    expect(addressFreeFailures(readConfig({ NODE_ENV: "test" }))).toBe(5);
  });

  it("keys accounts by lower-case email and addresses by IPv4 or IPv6 /64", () => {
    expect(throttleKeys(" Admin@Example.org ", "10.0.0.1")).toEqual({ account: "email:admin@example.org", address: "ip:10.0.0.1" });
    expect(addressBucket("::ffff:192.168.1.9")).toBe("192.168.1.9");
    expect(addressBucket("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:2::9")).toBe(addressBucket("2001:0db8:0001:0002:ffff::1"));
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
  });
});

describe("password hashing", () => {
  it("uses scrypt with a per-user salt and verifies only the right password", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
    expect(await verifyPassword("correct horse battery", "plain-text")).toBe(false);
    expect(await verifyAgainstDummy("anything")).toBe(false);
  }, 30_000);
});

describe("new passwords", () => {
  it("refuses a password of spaces only, however long", async () => {
    const { NewPasswordSchema } = await import("../../app/features/staff/staff.schema.ts");
    const blank = NewPasswordSchema.safeParse(" ".repeat(12));
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe("Password cannot be only spaces");
    expect(NewPasswordSchema.safeParse("\t \u00a0".repeat(6)).success).toBe(false);
    expect(NewPasswordSchema.safeParse(" correct horse ").success).toBe(true);
  });
});
