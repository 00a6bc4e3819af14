/**
 * An <img> that swaps to a fallback picture when it fails to load, including failures
 * that happened before the page's JavaScript started (checked when React attaches).
 */
import { useState, type ImgHTMLAttributes } from "react";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

export function SafeImage({
  src,
  fallback = PLACEHOLDER_IMAGE,
  alt,
  ...props
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & { src: string | null | undefined; fallback?: string; alt: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = src || fallback;
  const current = failed === wanted ? fallback : wanted;

  return (
    <img
      ref={(img) => {
        if (img && img.complete && img.naturalWidth === 0 && current !== fallback) setFailed(wanted);
      }}
      src={current}
      alt={alt}
      onError={() => {
        if (current !== fallback) setFailed(wanted);
      }}
      {...props}
    />
  );
}
