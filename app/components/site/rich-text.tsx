/**
 * A news post's body: HTML written in the rich-text editor. Only HTML that has been
 * through the server's sanitiser (the SafeHtml type, app/lib/rich-html.server.ts)
 * can be given here; it holds no script, event handler or foreign image.
 */
import type { SafeHtml } from "../../lib/rich-html.ts";

const PROSE =
  "text-lg leading-relaxed text-slate-700 wrap-anywhere space-y-5 " +
  "[&_h2]:mt-10 [&_h2]:font-display [&_h2]:text-3xl [&_h2]:font-semibold [&_h2]:text-brand-900 " +
  "[&_h3]:mt-8 [&_h3]:font-display [&_h3]:text-2xl [&_h3]:font-semibold [&_h3]:text-brand-900 " +
  "[&_h4]:mt-6 [&_h4]:text-xl [&_h4]:font-semibold [&_h4]:text-ink " +
  "[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 " +
  "[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-900 " +
  "[&_blockquote]:border-l-4 [&_blockquote]:border-sun-400 [&_blockquote]:pl-5 [&_blockquote]:italic [&_blockquote]:text-slate-800 " +
  "[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-2xl " +
  "[&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-slate-100 [&_pre]:p-4 [&_code]:font-mono [&_code]:text-base";

export function RichText({ html, className = "" }: { html: SafeHtml; className?: string }) {
  return <div className={`${PROSE} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
