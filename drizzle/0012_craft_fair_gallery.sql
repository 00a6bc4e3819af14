CREATE TABLE "craft_fair_gallery" (
	"id" serial PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"image_alt" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
-- The gallery the Craft Fairs page showed before it was editable (built-in images).
INSERT INTO "craft_fair_gallery" ("image", "image_alt", "sort_order") VALUES
  ('/images/craft-fairs/gallery-pottery.svg', 'Hand-thrown pottery in soft blues and greens on a stall table', 0),
  ('/images/craft-fairs/gallery-knitwear.svg', 'Hand-knitted scarves and hats hanging on a rail', 1),
  ('/images/craft-fairs/gallery-candles.svg', 'Rows of homemade candles in glass jars', 2),
  ('/images/craft-fairs/gallery-woodwork.svg', 'Carved wooden bowls and spoons', 3),
  ('/images/craft-fairs/gallery-jewellery.svg', 'Silver and bead jewellery displayed on cards', 4),
  ('/images/craft-fairs/gallery-crowd.svg', 'Visitors browsing stalls in a busy, bunting-lined hall', 5);
