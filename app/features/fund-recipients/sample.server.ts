/**
 * The Community Fund's grants a new site starts with (first start), also shown when the
 * database cannot be read.
 */
import type { SampleSection } from "../../db/seed.server.ts";
import { fundRecipients } from "./table.ts";

export interface SampleFundRecipient {
  year: number;
  name: string;
  purpose: string;
  /** Pence. */
  amount_pence: number;
}

export const SAMPLE_FUND_RECIPIENTS: SampleFundRecipient[] = [
  { year: 2025, name: "Millbrook Youth Club", purpose: "New sports equipment and a minibus trip to the coast", amount_pence: 120_000 },
  { year: 2025, name: "St Mary's Toddler Group", purpose: "Safe play mats and sensory toys", amount_pence: 65_000 },
  { year: 2025, name: "Millbrook Community Garden", purpose: "Raised beds and tools for the allotment project", amount_pence: 90_000 },
  { year: 2025, name: "Warm Spaces at the Library", purpose: "Hot drinks and soup through the winter", amount_pence: 75_000 },
  { year: 2024, name: "Millbrook Primary School", purpose: "Reading books for the school library", amount_pence: 80_000 },
  { year: 2024, name: "Riverside Over-60s Club", purpose: "Transport to weekly lunches", amount_pence: 60_000 },
  { year: 2024, name: "Millbrook Players", purpose: "Lighting for the community pantomime", amount_pence: 50_000 },
];

export default [
  {
    section: "sample-fund-recipients",
    seed: "first-start",
    async write(tx) {
      await tx.insert(fundRecipients).values(SAMPLE_FUND_RECIPIENTS);
    },
  },
] satisfies readonly SampleSection[];
