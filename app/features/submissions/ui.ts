/**
 * The submissions' pieces other features' public pages render (safe in the browser): the
 * option lists of the public forms stored for staff. Only what public pages need: a module
 * reached from here and from an admin screen lands in the script every page loads.
 */
export { AVAILABILITY_OPTIONS, CRAFT_CATEGORIES, ELECTRICITY_PRICE, NOMINATOR_RELATIONSHIPS, STALL_SIZES } from "./public-forms.ts";
