/**
 * Sample ticket types and a discount code for a new site: the sample quiz night sells
 * Adult, Concession and Family (4 places) tickets, and the code QUIZ10 takes 10% off.
 * Written once (content_seeded "sample-tickets"), only while the quiz night exists and has
 * no bookings; staff change or delete them like their own.
 */
import { and, eq } from "drizzle-orm";
import { events } from "../events/table.ts";
import { bookings } from "../bookings/table.ts";
import type { SampleSection } from "../../db/seed.server.ts";
import { discountCodes, eventTicketTypes } from "./table.ts";

const QUIZ_TITLE = "Big Community Quiz Night";

export default [
  {
    section: "sample-tickets",
    seed: "example",
    after: ["sample-series-waitlist"],
    async write(tx) {
      const [quiz] = await tx.select().from(events).where(and(eq(events.title, QUIZ_TITLE), eq(events.booking_mode, "paid")));
      if (!quiz) return "skipped";
      const [booked] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.event_id, quiz.id)).limit(1);
      const [typed] = await tx.select({ id: eventTicketTypes.id }).from(eventTicketTypes).where(eq(eventTicketTypes.event_id, quiz.id));
      if (booked) return "skipped";
      if (typed) await tx.delete(eventTicketTypes).where(eq(eventTicketTypes.event_id, quiz.id));
      await tx.insert(eventTicketTypes).values([
        { event_id: quiz.id, name: "Adult", price_pence: 1000, position: 0 },
        { event_id: quiz.id, name: "Concession", description: "Over 65s, students and anyone on benefits", price_pence: 700, position: 1 },
        { event_id: quiz.id, name: "Family", description: "Two adults and two children", price_pence: 2500, places_per_ticket: 4, ticket_limit: 10, position: 2 },
      ]);
      await tx.insert(discountCodes).values({ code: "QUIZ10", kind: "percent", amount: 10, event_ids: [quiz.id], max_uses: 50, max_uses_per_email: 1 }).onConflictDoNothing();
      return "written";
    },
  },
] satisfies readonly SampleSection[];
