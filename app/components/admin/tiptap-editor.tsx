/**
 * The rich-text editor of a news post's body (Tiptap): headings, lists, links, images
 * and quotes, with a toolbar of plain buttons. Loaded on the edit screen only, after the
 * page has started (rich-text-field.tsx imports it lazily), so no public page ever loads
 * it. It writes its HTML into the form's body field; the server sanitises what arrives.
 * Images are uploaded to the site's store first (/admin/news/images), with alt text.
 */
import Blockquote from "@tiptap/extension-blockquote";
import Bold from "@tiptap/extension-bold";
import Document from "@tiptap/extension-document";
import HardBreak from "@tiptap/extension-hard-break";
import Heading from "@tiptap/extension-heading";
import Image from "@tiptap/extension-image";
import Italic from "@tiptap/extension-italic";
import { BulletList, ListItem, OrderedList } from "@tiptap/extension-list";
import Paragraph from "@tiptap/extension-paragraph";
import Text from "@tiptap/extension-text";
import { Dropcursor, Gapcursor, TrailingNode, UndoRedo } from "@tiptap/extensions";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { SafeLink } from "./tiptap-link.ts";
import { useEffect, useId, useRef, useState } from "react";

const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))/i;

export interface TiptapEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** Called once the editor is on the page (the plain field then hides). */
  onReady: () => void;
  labelledBy: string;
  describedBy?: string;
  invalid: boolean;
}

export default function TiptapEditor({ value, onChange, onReady, labelledBy, describedBy, invalid }: TiptapEditorProps) {
  // The last HTML the editor itself reported: a different value comes from outside.
  const emitted = useRef(value);
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      // Only what the toolbar offers (not Tiptap's StarterKit, whose code blocks, rules and
      // other marks would add to the admin JavaScript budget).
      Document,
      Paragraph,
      Text,
      HardBreak,
      Heading.configure({ levels: [2, 3] }),
      Bold,
      Italic,
      Blockquote,
      BulletList,
      OrderedList,
      ListItem,
      UndoRedo,
      Dropcursor,
      Gapcursor,
      TrailingNode,
      SafeLink.configure({ isAllowedUri: (url) => SAFE_HREF.test(url) }),
      Image.configure({ inline: false }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        "data-testid": "rich-text-editor",
        class:
          "min-h-64 rounded-b-xl border border-t-0 border-slate-400 bg-white px-4 py-3 text-base leading-relaxed text-ink focus:outline-3 focus:outline-sun-500 " +
          "[&_h2]:mt-4 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:text-xl [&_h3]:font-semibold [&_p]:my-2 " +
          "[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_a]:text-brand-700 [&_a]:underline " +
          "[&_blockquote]:border-l-4 [&_blockquote]:border-sun-400 [&_blockquote]:pl-4 [&_blockquote]:italic [&_img]:my-3 [&_img]:max-h-64 [&_img]:rounded-lg",
      },
    },
    onUpdate: ({ editor }) => {
      emitted.current = editor.isEmpty ? "" : editor.getHTML();
      onChange(emitted.current);
    },
  });

  useEffect(() => {
    if (editor) onReady();
  }, [editor, onReady]);

  // A value set from outside (a restored draft): show it.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== emitted.current) {
      emitted.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  if (!editor) return null;
  return (
    <div>
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

const tool =
  "rounded-lg border border-slate-300 bg-white px-2.5 py-1 text-sm font-semibold text-ink hover:bg-slate-100 aria-pressed:border-brand-600 aria-pressed:bg-brand-100 aria-pressed:text-brand-900";

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      link: e.isActive("link"),
      href: (e.getAttributes("link").href as string | undefined) ?? "",
    }),
  });
  const [panel, setPanel] = useState<"link" | "image" | null>(null);
  const chain = () => editor.chain().focus();
  const buttons = [
    { label: "Heading", pressed: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: "Subheading", pressed: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { label: "Bold", pressed: state.bold, run: () => chain().toggleBold().run() },
    { label: "Italic", pressed: state.italic, run: () => chain().toggleItalic().run() },
    { label: "Bulleted list", pressed: state.bullet, run: () => chain().toggleBulletList().run() },
    { label: "Numbered list", pressed: state.ordered, run: () => chain().toggleOrderedList().run() },
    { label: "Quote", pressed: state.quote, run: () => chain().toggleBlockquote().run() },
  ];
  return (
    <div className="rounded-t-xl border border-slate-400 bg-slate-50 p-2">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1.5">
        {buttons.map((b) => (
          // mousedown would take the focus (and the selection) from the text: keep it there,
          // so typing goes on where it was, however quickly it follows the click.
          <button key={b.label} type="button" aria-pressed={b.pressed} onMouseDown={(e) => e.preventDefault()} onClick={b.run} className={tool}>
            {b.label}
          </button>
        ))}
        <button type="button" aria-pressed={state.link} aria-expanded={panel === "link"} onClick={() => setPanel(panel === "link" ? null : "link")} className={tool}>
          Link
        </button>
        <button type="button" aria-expanded={panel === "image"} onClick={() => setPanel(panel === "image" ? null : "image")} className={tool}>
          Image
        </button>
      </div>
      {panel === "link" && <LinkPanel editor={editor} current={state.href} close={() => setPanel(null)} />}
      {panel === "image" && <ImagePanel editor={editor} close={() => setPanel(null)} />}
    </div>
  );
}

const panelInput = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-1.5 text-base";

function LinkPanel({ editor, current, close }: { editor: Editor; current: string; close: () => void }) {
  const id = useId();
  const [href, setHref] = useState(current);
  const [error, setError] = useState<string | null>(null);
  function apply() {
    const url = href.trim();
    if (!SAFE_HREF.test(url)) {
      setError("Enter an address starting with https://, http://, mailto: or / (a page of this site)");
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href: url }).run();
    close();
  }
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2 rounded-lg bg-white p-3 ring-1 ring-slate-200">
      <div className="min-w-56 flex-1">
        <label htmlFor={`${id}-href`} className="text-sm font-semibold text-ink">
          Link address
        </label>
        <input
          id={`${id}-href`}
          type="text"
          inputMode="url"
          value={href}
          onChange={(e) => setHref(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            }
          }}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={panelInput}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
      </div>
      <button type="button" onClick={apply} className="rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-700">
        Apply link
      </button>
      {current && (
        <button
          type="button"
          onClick={() => {
            editor.chain().focus().extendMarkRange("link").unsetLink().run();
            close();
          }}
          className="rounded-full border border-red-700 px-4 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
        >
          Remove link
        </button>
      )}
    </div>
  );
}

function ImagePanel({ editor, close }: { editor: Editor; close: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function insert() {
    if (!file) return setError("Choose an image to upload.");
    if (alt.trim() === "") return setError("Describe the image for people who cannot see it.");
    setBusy(true);
    setError(null);
    try {
      const body = new FormData();
      body.set("image", file);
      const response = await fetch("/admin/news/images", { method: "POST", body, headers: { Accept: "application/json" } });
      const answer = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
      if (!response.ok || !answer.url) {
        setError(answer.error ?? "Image upload failed. Please try again.");
        return;
      }
      editor.chain().focus().setImage({ src: answer.url, alt: alt.trim() }).run();
      close();
    } catch {
      setError("Image upload failed. Please check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-2 grid gap-3 rounded-lg bg-white p-3 ring-1 ring-slate-200 sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-file`} className="text-sm font-semibold text-ink">
          Image file
        </label>
        <input id={`${id}-file`} type="file" accept="image/jpeg,image/png,image/webp,image/gif" onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} className="mt-1 block w-full text-sm" />
      </div>
      <div>
        <label htmlFor={`${id}-alt`} className="text-sm font-semibold text-ink">
          Alt text for this image
        </label>
        <input id={`${id}-alt`} type="text" maxLength={200} value={alt} onChange={(e) => setAlt(e.currentTarget.value)} className={panelInput} />
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-800 sm:col-span-2">
          {error}
        </p>
      )}
      <div className="sm:col-span-2">
        <button type="button" disabled={busy} onClick={() => void insert()} className="rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
          {busy ? "Uploading..." : "Insert image"}
        </button>
      </div>
    </div>
  );
}
