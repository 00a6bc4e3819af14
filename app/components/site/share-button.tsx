/** Shares the page with the device's share sheet, or copies the link; says what happened. */
import { useState } from "react";
import { ShareIcon } from "./icons.tsx";

export function ShareButton({ title, className = "" }: { title: string; className?: string }) {
  const [status, setStatus] = useState("");

  async function share() {
    const url = window.location.href;
    try {
      if (navigator.share) {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setStatus("Link copied to your clipboard");
    } catch (error) {
      if ((error as Error)?.name === "AbortError") return;
      window.alert(`Sharing will be available soon. In the meantime, copy this link: ${url}`);
    }
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
