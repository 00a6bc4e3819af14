/**
 * The cookie of a donor signed in to "Manage my giving" (app/features/donor-account): its
 * own name, never the staff session's. Named here, in the platform, so that the page cache
 * (server/app.ts) treats a request that carries it as a signed-in visitor's, never an
 * anonymous one (such a page is rendered for that request, never from or into the cache).
 * `__Host-` pins it to this host, path / and Secure; only possible over HTTPS.
 */
export const donorCookieName = (secure: boolean) => (secure ? "__Host-mcf_donor" : "mcf_donor");
