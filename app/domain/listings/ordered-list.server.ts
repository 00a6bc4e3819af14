/**
 * The action of the admin lists that staff order by hand and show or hide (trustees,
 * causes, fund recipients, volunteer roles, FAQ, craft fair gallery, annual reports):
 * the intents up / down / show / hide / delete, each answered by a redirect back to the
 * list with a toast. The domain functions and the words come from each screen.
 */
import { currentActor, type GuardArgs } from "../../auth/guards.server.ts";
import type { AuditActor } from "../audit/audit.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";

export interface OrderedList<Row extends { is_visible: boolean }> {
  /** The list's address, where every intent returns. */
  list: string;
  /** How the toasts name one item: "That {noun} could not be found". */
  noun: string;
  /** The toast after a delete: "Trustee deleted". */
  deleted: string;
  /** How the show/hide toasts name the item ("Jane Smith", or "The image"). */
  name: (row: Row) => string;
  /** Lists without an order (annual reports go by year) leave it out. */
  move?: (id: number, direction: "up" | "down", actor: AuditActor) => Promise<boolean>;
  setVisible: (id: number, visible: boolean, actor: AuditActor) => Promise<Row | null>;
  remove: (id: number, actor: AuditActor) => Promise<boolean>;
}

export async function handleOrderedListAction<Row extends { is_visible: boolean }>(args: GuardArgs, list: OrderedList<Row>) {
  const actor = currentActor(args);
  const form = await args.request.formData();
  const id = Number(form.get("id"));
  const intent = form.get("intent");
  const toast = (type: "success" | "error", message: string) => redirectWithToast(list.list, { type, message });
  const missing = `That ${list.noun} could not be found`;
  if ((intent === "up" || intent === "down") && list.move) {
    return (await list.move(id, intent, actor)) ? toast("success", "Order saved") : toast("error", `That ${list.noun} cannot move further`);
  }
  if (intent === "show" || intent === "hide") {
    const row = await list.setVisible(id, intent === "show", actor);
    if (!row) return toast("error", missing);
    return toast("success", `${list.name(row)} ${row.is_visible ? "is shown on the website" : "is hidden from the website"}`);
  }
  if (intent === "delete") return (await list.remove(id, actor)) ? toast("success", list.deleted) : toast("error", missing);
  return toast("error", "Unknown action");
}
