import { describe, expect, it } from "vitest";
import { PASSWORD_MESSAGES, passwordProblem } from "../../app/auth/password-policy.server.ts";
import { readTopPasswords } from "../../scripts/common-passwords.ts";

const context = { email: "jane.smith@example.org", charityName: "Millbrook Community Foundation" };

describe("new password rules", () => {
  it("accepts a long, unusual password", () => {
    expect(passwordProblem("violet kettle harbour 93", context)).toBeNull();
  });

  it.each([
    ["", PASSWORD_MESSAGES.short],
    ["eleven char", PASSWORD_MESSAGES.short],
    ["            ", PASSWORD_MESSAGES.blank],
    ["\t\t\t\t\t\t\t\t\t\t\t\t\t", PASSWORD_MESSAGES.blank],
  ])("refuses %j (too short or blank)", (password, message) => {
    expect(passwordProblem(password, context)).toBe(message);
  });

  it.each(["qwerty123456", "QWERTY123456", "1q2w3e4r5t6y", "123qweasdzxc"])("refuses the common password %s", (password) => {
    expect(passwordProblem(password, context)).toBe(PASSWORD_MESSAGES.common);
  });

  it("refuses every entry of the top 100,000 list that is long enough", () => {
    const long = readTopPasswords().filter((p) => [...p].length >= 12 && p.trim() !== "");
    expect(long.length).toBeGreaterThan(400);
    const accepted = long.filter((p) => passwordProblem(p, { email: "x@example.org", charityName: "Charity" }) === null);
    expect(accepted).toEqual([]);
  });

  it.each(["Jane.Smith 2024 rocks", "my-janesmith-password", "JANE_SMITH_is_here"])("refuses %s (contains the email's name)", (password) => {
    expect(passwordProblem(password, context)).toBe(PASSWORD_MESSAGES.email);
  });

  it.each(["I love Millbrook very much", "MILL BROOK community 1", "millbrookcommunityfoundation"])(
    "refuses %s (contains the charity's name)",
    (password) => {
      expect(passwordProblem(password, context)).toBe(PASSWORD_MESSAGES.charity);
    },
  );
});
