/**
 * Links in the news editor: a `link` mark with an `href` only, set and removed by the
 * toolbar (setLink, unsetLink). It stands in for Tiptap's Link extension, whose automatic
 * linking of typed addresses brings a URL parser (linkifyjs) that would take the news form
 * over the admin JavaScript budget. Addresses the site does not allow are never made
 * links, typed or pasted; the server sanitises the stored HTML again.
 */
import { Mark, mergeAttributes } from "@tiptap/react";

declare module "@tiptap/react" {
  interface Commands<ReturnType> {
    link: {
      setLink: (attributes: { href: string }) => ReturnType;
      unsetLink: () => ReturnType;
    };
  }
}

export const SafeLink = Mark.create<{ isAllowedUri: (url: string) => boolean }>({
  name: "link",
  priority: 1000,
  keepOnSplit: false,
  exitable: true,
  inclusive: false,

  addOptions() {
    return { isAllowedUri: () => false };
  },

  addAttributes() {
    return { href: { default: null } };
  },

  parseHTML() {
    return [
      {
        tag: "a[href]",
        getAttrs: (element) => {
          const href = element.getAttribute("href") ?? "";
          return this.options.isAllowedUri(href) ? { href } : false;
        },
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ["a", mergeAttributes(HTMLAttributes), 0];
  },

  addCommands() {
    return {
      setLink:
        ({ href }) =>
        ({ commands }) =>
          this.options.isAllowedUri(href) && commands.setMark(this.name, { href }),
      unsetLink:
        () =>
        ({ commands }) =>
          commands.unsetMark(this.name, { extendEmptyMarkRange: true }),
    };
  },
});
