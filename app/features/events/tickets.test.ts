/** What an event's price says, from its booking settings or the text staff wrote. */
import { describe, expect, it } from "vitest";
import { eventPriceLabel, ticketPricePence } from "./tickets.ts";

describe("tickets", () => {
  it("reads free-text prices in whole pence", () => {
    expect(ticketPricePence("75")).toBe(7500);
    expect(ticketPricePence("£10")).toBe(1000);
    expect(ticketPricePence("7.50")).toBe(750);
    expect(ticketPricePence("0.29")).toBe(29);
    expect(ticketPricePence("£1,250.50")).toBe(125050);
    expect(ticketPricePence("Free")).toBe(0);
    expect(ticketPricePence("free")).toBe(0);
    expect(ticketPricePence("7.505")).toBeNull();
    expect(ticketPricePence("Donations welcome")).toBeNull();
    expect(ticketPricePence("")).toBeNull();
    expect(ticketPricePence(null)).toBeNull();
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
