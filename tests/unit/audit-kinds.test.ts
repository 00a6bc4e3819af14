import { describe, expect, it } from "vitest";
import { AUDIT_KIND_LABELS, AUDIT_KINDS } from "../../app/domain/audit/audit-kinds.ts";
import { AUDIT_PHRASES, describeAction } from "../../app/domain/audit/describe.ts";

describe("audit log kinds", () => {
  const recordable = new Set(Object.keys(AUDIT_PHRASES).map((action) => action.split(".")[0]));

  it("offers in the filter exactly the kinds of the actions that can be recorded", () => {
    expect(new Set(AUDIT_KINDS)).toEqual(recordable);
    expect(AUDIT_KINDS.length).toBeGreaterThan(20);
  });

  it("labels every kind, in the filter's alphabetical order", () => {
    const labels = AUDIT_KINDS.map((kind) => AUDIT_KIND_LABELS[kind]);
    expect(labels.every((label) => label.length > 0)).toBe(true);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
  });

  it("describes every action as a sentence, never as its code", () => {
    for (const action of Object.keys(AUDIT_PHRASES)) {
      const sentence = describeAction("jane@example.org", action);
      expect(sentence).toMatch(/^jane@example\.org [a-z]/);
      expect(sentence, action).not.toContain(action);
    }
  });
});
