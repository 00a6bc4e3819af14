/**
 * The built-in gallery (files under public/images/craft-fairs): the rows a new site starts
 * with (written by the migration that made the table), and what /craft-fairs shows when
 * the database cannot be read.
 */
export const CRAFT_FAIR_GALLERY = [
  { src: "/images/craft-fairs/gallery-pottery.svg", alt: "Hand-thrown pottery in soft blues and greens on a stall table" },
  { src: "/images/craft-fairs/gallery-knitwear.svg", alt: "Hand-knitted scarves and hats hanging on a rail" },
  { src: "/images/craft-fairs/gallery-candles.svg", alt: "Rows of homemade candles in glass jars" },
  { src: "/images/craft-fairs/gallery-woodwork.svg", alt: "Carved wooden bowls and spoons" },
  { src: "/images/craft-fairs/gallery-jewellery.svg", alt: "Silver and bead jewellery displayed on cards" },
  { src: "/images/craft-fairs/gallery-crowd.svg", alt: "Visitors browsing stalls in a busy, bunting-lined hall" },
] as const;
