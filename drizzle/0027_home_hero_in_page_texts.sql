-- The home page's main heading and introduction move from Settings to Page texts
-- (home.hero_title, home.hero_intro): the words a site has now are kept as its page texts.
INSERT INTO "page_texts" ("key", "value")
SELECT 'home.hero_title', "hero_title" FROM "site_settings" WHERE "id" = 1 AND coalesce(trim("hero_title"), '') <> ''
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "page_texts" ("key", "value")
SELECT 'home.hero_intro', "hero_subtitle" FROM "site_settings" WHERE "id" = 1 AND coalesce(trim("hero_subtitle"), '') <> ''
ON CONFLICT ("key") DO NOTHING;
