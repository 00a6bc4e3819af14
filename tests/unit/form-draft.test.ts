import { describe, expect, it } from "vitest";
import { DRAFT_MAX_AGE_MS, clearDraft, pruneDrafts, readDraft, writeDraft } from "../../app/components/admin/use-form-draft.ts";

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

const NOW = Date.UTC(2030, 0, 1, 12);

describe("form drafts", () => {
  it("stores data with a timestamp per form id and reads it back", () => {
    const storage = new MemoryStorage();
    writeDraft(storage, "draft:event:new", { title: "Quiz" }, NOW);
    writeDraft(storage, "draft:event:12", { title: "Gala" }, NOW);
    expect(readDraft(storage, "draft:event:new", NOW + 1000)).toEqual({ savedAt: NOW, data: { title: "Quiz" } });
    expect(readDraft(storage, "draft:event:12", NOW)?.data).toEqual({ title: "Gala" });
    expect(readDraft(storage, "draft:craft-fair:new", NOW)).toBeNull();
  });

  it("keeps a draft just under 24 hours old and drops (removes) one at 24 hours", () => {
    const storage = new MemoryStorage();
    writeDraft(storage, "draft:event:new", { title: "Quiz" }, NOW);
    expect(readDraft(storage, "draft:event:new", NOW + DRAFT_MAX_AGE_MS - 1)).not.toBeNull();
    expect(readDraft(storage, "draft:event:new", NOW + DRAFT_MAX_AGE_MS)).toBeNull();
    expect(storage.getItem("draft:event:new")).toBeNull();
  });

  it("removes unreadable drafts and those dated in the future", () => {
    const storage = new MemoryStorage();
    storage.setItem("draft:event:new", "{not json");
    expect(readDraft(storage, "draft:event:new", NOW)).toBeNull();
    expect(storage.getItem("draft:event:new")).toBeNull();
    writeDraft(storage, "draft:event:1", { a: 1 }, NOW + 3_600_000);
    expect(readDraft(storage, "draft:event:1", NOW)).toBeNull();
  });

  it("prunes every expired draft but nothing else, and clears after a save", () => {
    const storage = new MemoryStorage();
    writeDraft(storage, "draft:event:new", { a: 1 }, NOW - DRAFT_MAX_AGE_MS - 1);
    writeDraft(storage, "draft:craft-fair:3", { a: 2 }, NOW - 1000);
    storage.setItem("mcf:last-email", "x@example.org");
    pruneDrafts(storage, NOW);
    expect(storage.getItem("draft:event:new")).toBeNull();
    expect(storage.getItem("draft:craft-fair:3")).not.toBeNull();
    expect(storage.getItem("mcf:last-email")).toBe("x@example.org");
    clearDraft(storage, "draft:craft-fair:3");
    expect(storage.length).toBe(1);
  });
});
