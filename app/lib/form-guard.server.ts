/**
 * One guard for every form of the site, public and staff: a urlencoded post (every form
 * without a file) holding a control character in any field (a NUL byte, which PostgreSQL
 * refuses, or another invisible one) is answered 400 with a clear message before any
 * route reads it, instead of failing deep inside as a server error. Forms with files are
 * checked by the one multipart reader (app/storage/upload.server.ts).
 */
import { data, type MiddlewareFunction } from "react-router";
import { FORBIDDEN_CHARACTER_MESSAGE, type FormRefusal, urlencodedHasForbiddenCharacter } from "./plain-text.ts";

export const refuseControlCharacters: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD" && /^application\/x-www-form-urlencoded/i.test(request.headers.get("Content-Type") ?? "")) {
    // The body limit (server/request-limits.ts) has already bounded what is read here.
    const body = await request.clone().text();
    if (urlencodedHasForbiddenCharacter(body)) throw data({ formRefused: FORBIDDEN_CHARACTER_MESSAGE } satisfies FormRefusal, { status: 400 });
  }
  return next();
};
