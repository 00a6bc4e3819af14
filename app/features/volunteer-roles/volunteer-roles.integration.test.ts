/**
 * Volunteer roles against a real database: the built-in roles, a new role's own address
 * (slug), the shared move up/down, hidden roles leaving /support, and the volunteer form
 * taking only the roles offered now.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { formSubmissions } from "../submissions/table.ts";
import { submitPublicForm } from "../submissions/index.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { VolunteerRoleFormSchema } from "./volunteer-roles.schema.ts";
import { createVolunteerRole, listVolunteerRoles, listVolunteerRolesForAdmin, moveVolunteerRole, setVolunteerRoleVisible } from "./volunteer-roles.server.ts";

setupTestDatabase();

const actor = { userId: null, email: "editor@millbrook.test", ip: "127.0.0.1" };

describe("volunteer roles", () => {
  const role = (title: string) => ({ title, description: "Helps in the community garden.", commitment: "A morning a month", skills: "Green fingers", is_visible: true });
  const application = (interests: string[]) => {
    const fd = new FormData();
    const fields: Record<string, string | string[]> = {
      fullName: "Ann Example",
      email: "ann@example.org",
      phone: "01632 960 111",
      interests,
      availability: ["weekends"],
      motivation: "I would like to help my town.",
      terms: "on",
    };
    for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) fd.append(key, v);
    return fd;
  };

  it("starts with the built-in roles; a new role gets its own id; hidden roles leave the page", async () => {
    expect((await listVolunteerRoles()).items.map((r) => r.slug)).toEqual(["event-support", "fundraising-team", "community-outreach", "administrative-support"]);
    const first = await createVolunteerRole(role("Garden Helper"), actor);
    const second = await createVolunteerRole(role("Garden Helper"), actor);
    expect([first.slug, second.slug]).toEqual(["garden-helper", "garden-helper-2"]);
    expect(await moveVolunteerRole(second.id, "up", actor)).toBe(true);
    expect((await listVolunteerRolesForAdmin()).slice(-2).map((r) => r.id)).toEqual([second.id, first.id]);
    await setVolunteerRoleVisible(second.id, false, actor);
    expect((await listVolunteerRoles()).items.map((r) => r.slug)).not.toContain("garden-helper-2");
    expect(VolunteerRoleFormSchema.safeParse({ ...role("ab"), is_visible: "on" }).error?.issues[0].message).toBe("Title must be at least 3 characters");
  });

  it("the volunteer form takes only the roles offered now, and stores nothing otherwise", async () => {
    const offered = (await listVolunteerRoles()).items.map((r) => r.slug);
    const refused = await submitPublicForm("volunteer", application(["event-support", "garden-helper-2"]), { ip: "203.0.113.9", choices: { interests: offered } });
    expect(refused).toMatchObject({ status: "invalid", errors: { interests: "Please choose from the listed roles" } });
    expect(await getDb().select().from(formSubmissions)).toHaveLength(0);
    const accepted = await submitPublicForm("volunteer", application(["event-support", "garden-helper"]), { ip: "203.0.113.9", choices: { interests: offered } });
    expect(accepted.status).toBe("ok");
  });
});
