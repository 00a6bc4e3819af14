/**
 * The staff waitlist screen's row forms (offer places by hand, take someone off): which
 * action, on which entry. Whether the entry is on this event's waitlist, and what the offer
 * does, is the server's answer (a toast), not the form's.
 */
import { z } from "zod";

export const StaffEntrySchema = z.object({
  intent: z.enum(["offer", "remove"], { message: "Unknown action." }),
  entry: z.string(),
});
export const STAFF_ENTRY_FIELDS = ["intent", "entry"] as const;
