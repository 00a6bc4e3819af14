/** Gifts in memory or in honour of someone: the words the form, the admin and the emails share. */
export const DEDICATION_KINDS = ["memory", "honour"] as const;
export type DedicationKind = (typeof DEDICATION_KINDS)[number];

export const DEDICATION_LABELS: Record<DedicationKind, string> = { memory: "In memory of", honour: "In honour of" };

export const HONOREE_MAX = 100;
export const DEDICATION_MESSAGE_MAX = 500;
