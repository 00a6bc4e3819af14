/** The craft fair gallery's piece another feature's page renders (safe in the browser): the gallery on /craft-fairs. */
export { CraftFairGallery } from "./gallery-section.tsx";
