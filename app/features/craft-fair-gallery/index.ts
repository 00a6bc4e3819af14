/** What the rest of the site uses of the craft fair gallery: the visible images for /craft-fairs (shown by gallery-section.tsx). */
export { listGallery, type PublicGalleryImage } from "./gallery.server.ts";
