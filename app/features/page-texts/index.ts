/**
 * What every page uses of the page texts on the server: its fixed words (headings,
 * buttons, figures) as staff last saved them or the built-in defaults, and `fillIn` for
 * the `{placeholder}` values its loader supplies.
 */
export { fillIn, getPageTexts } from "./page-texts.server.ts";
