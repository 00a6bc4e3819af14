/** The name of the hidden honeypot field of the public forms; people never see or fill it (app/components/site/form-kit.tsx renders it). */
export const HONEYPOT_FIELD = "website";
