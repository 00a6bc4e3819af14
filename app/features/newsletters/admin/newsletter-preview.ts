/**
 * The HTML of a newsletter as it will arrive, for the preview frames of its screen (at
 * phone and desktop width). Its own policy: no script at all, framed by this site only.
 */
import { previewOf, getNewsletter } from "../newsletters.server.ts";
import type { Route } from "./+types/newsletter-preview";

export async function loader({ params }: Route.LoaderArgs) {
  const newsletter = await getNewsletter(Number(params.id));
  if (!newsletter) return new Response("Not found", { status: 404 });
  const { html } = await previewOf(newsletter);
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; img-src 'self' data: https:; style-src 'unsafe-inline'; frame-ancestors 'self'; form-action 'none'; base-uri 'none'",
      "X-Frame-Options": "SAMEORIGIN",
    },
  });
}
