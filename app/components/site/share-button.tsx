/**
 * Share: with JavaScript, a button that opens the device's share sheet, or copies the
 * link, and says what happened. Without JavaScript (and until scripts run), a <details>
 * disclosure with plain links: email, Facebook, X, WhatsApp, and the address itself to copy.
 */
import { useState } from "react";
import { useHydrated } from "../ui/use-hydrated.ts";
import { ShareIcon } from "./icons.tsx";

/** Where each share link goes: plain addresses, built from the page's title and address. */
function shareLinks(title: string, url: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { label: "Share by email", text: "Email", href: `mailto:?subject=${t}&body=${u}`, external: false },
    { label: "Share on Facebook", text: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, external: true },
    { label: "Share on X", text: "X", href: `https://x.com/intent/post?text=${t}&url=${u}`, external: true },
    { label: "Share on WhatsApp", text: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`, external: true },
  ];
}

export function ShareButton({ title, url, className = "" }: { title: string; /** The page's absolute address. */ url: string; className?: string }) {
  const [status, setStatus] = useState("");
  const hydrated = useHydrated();

  async function share() {
    const here = window.location.href;
    try {
      if (navigator.share) {
        await navigator.share({ title, url: here });
        return;
      }
      await navigator.clipboard.writeText(here);
      setStatus("Link copied to your clipboard");
    } catch (error) {
      if ((error as Error)?.name === "AbortError") return;
      window.alert(`Sharing will be available soon. In the meantime, copy this link: ${here}`);
    }
  }

  if (!hydrated) {
    return (
      <details className="relative">
        <summary className={`${className} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
          <ShareIcon />
          Share
        </summary>
        <div className="absolute top-full left-0 z-10 mt-2 w-[min(18rem,calc(100vw-2rem))] rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200">
          <ul className="grid grid-cols-2 gap-2">
            {shareLinks(title, url).map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  aria-label={link.label}
                  rel={link.external ? "noopener noreferrer" : undefined}
                  className="block rounded-xl bg-brand-50 px-3 py-2 text-center font-semibold text-brand-800 hover:bg-brand-100"
                >
                  {link.text}
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-600">Or copy this link:</p>
          <p className="mt-1 rounded-lg bg-slate-50 px-2 py-1.5 font-mono text-sm wrap-anywhere select-all text-ink">{url}</p>
        </div>
      </details>
    );
  }

  return (
    <span className="inline-flex items-center gap-3">
      <button type="button" onClick={share} className={className}>
        <ShareIcon />
        Share
      </button>
      <span role="status" className="text-sm font-medium text-brand-800">
        {status}
      </span>
    </span>
  );
}
