import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The platform's tables, and each feature folder's own (app/features/<name>/table.ts).
  schema: ["./app/db/schema.ts", "./app/features/*/table.ts"],
  out: "./drizzle",
});
