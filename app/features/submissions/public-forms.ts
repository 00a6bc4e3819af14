/**
 * Option lists and limits of the public forms, shared by the pages (browser) and the
 * schemas in submissions.schema.ts. No Zod here: public pages import this file.
 */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const STALL_PHOTOS_MIN = 3;
export const STALL_PHOTOS_MAX = 5;
export const NOMINATION_DOCUMENTS_MAX = 3;

export const AVAILABILITY_OPTIONS = [
  { id: "weekdays", label: "Weekdays" },
  { id: "weekends", label: "Weekends" },
  { id: "evenings", label: "Evenings" },
  { id: "flexible", label: "Flexible" },
] as const;

export const CRAFT_CATEGORIES = [
  { id: "ceramics", label: "Ceramics and pottery" },
  { id: "jewellery", label: "Jewellery" },
  { id: "textiles", label: "Textiles, knitting and sewing" },
  { id: "woodwork", label: "Woodwork" },
  { id: "art", label: "Art, prints and cards" },
  { id: "candles-soap", label: "Candles, soap and bath products" },
  { id: "food", label: "Food and preserves" },
  { id: "plants", label: "Plants and garden" },
  { id: "other", label: "Something else" },
] as const;

export const STALL_SIZES = [
  { id: "standard", label: "Standard stall (6ft table)", price: 30 },
  { id: "large", label: "Large stall (8ft table)", price: 45 },
] as const;
export const ELECTRICITY_PRICE = 5;

export const NOMINATOR_RELATIONSHIPS = [
  { id: "family", label: "Family member" },
  { id: "friend", label: "Friend or neighbour" },
  { id: "colleague", label: "Colleague or fellow volunteer" },
  { id: "organisation", label: "Someone they have helped" },
  { id: "self", label: "I am nominating my own group" },
  { id: "other", label: "Other" },
] as const;
