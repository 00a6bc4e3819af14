/** The fee line a donor reads ("1.5% + 20p"): the fixed part in pence or as pounds from app/lib/money.ts. */
import { describe, expect, it } from "vitest";
import { describeFeeRate } from "./fees.ts";

describe("describeFeeRate", () => {
  it("writes a percentage in basis points and a fixed part under £1 in pence", () => {
    expect(describeFeeRate({ percentBp: 150, fixedPence: 20 })).toBe("1.5% + 20p");
    expect(describeFeeRate({ percentBp: 225, fixedPence: 0 })).toBe("2.25%");
  });

  it("writes a fixed part of £1 or more as exact pounds and pence", () => {
    expect(describeFeeRate({ percentBp: 100, fixedPence: 120 })).toBe("1% + £1.20");
    expect(describeFeeRate({ percentBp: 0, fixedPence: 100 })).toBe("£1.00");
    expect(describeFeeRate({ percentBp: 0, fixedPence: 123456 })).toBe("£1,234.56");
  });
});
