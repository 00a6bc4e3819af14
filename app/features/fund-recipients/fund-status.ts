/**
 * A Community Fund grant's status and its label (browser-safe and free of form code, so the
 * public page's script carries no validation library): awarded (promised) or funded (paid).
 */
export const FUND_RECIPIENT_STATUSES = ["awarded", "funded"] as const;
export type FundRecipientStatus = (typeof FUND_RECIPIENT_STATUSES)[number];

export const FUND_STATUS_LABELS: Record<FundRecipientStatus, string> = { awarded: "Awarded", funded: "Funded" };
