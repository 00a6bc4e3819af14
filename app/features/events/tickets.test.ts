/** What an event's price says, from its booking settings or the text staff wrote. */
import { describe, expect, it } from "vitest";
import { eventPriceLabel, parseTicketPrice } from "./tickets.ts";

describe("tickets", () => {
  it("reads free-text prices", () => {
    expect(parseTicketPrice("75")).toBe(75);
    expect(parseTicketPrice("£10")).toBe(10);
    expect(parseTicketPrice("7.50")).toBe(7.5);
    expect(parseTicketPrice("Free")).toBe(0);
    expect(parseTicketPrice("free")).toBe(0);
    expect(parseTicketPrice("Donations welcome")).toBeNull();
    expect(parseTicketPrice(null)).toBeNull();
  });

  it("takes an event's price from its booking settings, never calling a paid event free", () => {
    // Paid tickets at £8 with the free-text price left empty: £8, not "Free".
    expect(eventPriceLabel({ booking_mode: "paid", ticket_price_pence: 800, ticket_price: null })).toBe("£8");
    expect(eventPriceLabel({ booking_mode: "paid", ticket_price_pence: 750, ticket_price: "Free" })).toBe("£7.50");
    expect(eventPriceLabel({ booking_mode: "free", ticket_price_pence: null, ticket_price: "£5" })).toBe("Free");
    expect(eventPriceLabel({ booking_mode: "none", ticket_price_pence: null, ticket_price: "75" })).toBe("£75");
    expect(eventPriceLabel({ booking_mode: "none", ticket_price_pence: null, ticket_price: "Donations welcome" })).toBe("Donations welcome");
    // Nothing known: nothing said (no "Free" by default).
    expect(eventPriceLabel({ booking_mode: "none", ticket_price_pence: null, ticket_price: null })).toBeNull();
    expect(eventPriceLabel({ booking_mode: "external", ticket_price_pence: null, ticket_price: "" })).toBeNull();
  });
});
