/** Volunteer roles on /support, edited by staff; `slug` is what the volunteer form sends and stores. Volunteering's opportunities point at a role. */
import { boolean, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

export const volunteerRoles = pgTable("volunteer_roles", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  commitment: text("commitment").notNull(),
  skills: text("skills").notNull(),
  sort_order: integer("sort_order").notNull().default(0),
  is_visible: boolean("is_visible").notNull().default(true),
});

export type VolunteerRoleRow = typeof volunteerRoles.$inferSelect;
