/**
 * An <img> that swaps to a fallback picture when it fails to load, including failures
 * that happened before the page's JavaScript started (checked once after hydration).
 */
import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

export function SafeImage({
  src,
  fallback = PLACEHOLDER_IMAGE,
  alt,
  ...props
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & { src: string | null | undefined; fallback?: string; alt: string }) {
  const [current, setCurrent] = useState(src || fallback);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => setCurrent(src || fallback), [src, fallback]);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && current !== fallback) setCurrent(fallback);
  }, [current, fallback]);

  return (
    <img
      ref={ref}
      src={current}
      alt={alt}
      onError={() => {
        if (current !== fallback) setCurrent(fallback);
      }}
      {...props}
    />
  );
}
