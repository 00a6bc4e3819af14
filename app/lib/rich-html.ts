/** HTML written by staff in the rich-text editor (news posts, newsletters) that has been through the sanitiser (rich-html.server.ts). */
export type SafeHtml = string & { readonly __safeHtml: true };
