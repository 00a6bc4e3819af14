/**
 * An <img> that swaps to a fallback picture when it fails to load, including failures
 * that happened before the page's JavaScript started (checked when React attaches).
 * `focal` ("x% y%", from the media library) is where an object-cover crop centres.
 */
import { useState, type ImgHTMLAttributes } from "react";
import { uploadedImageSrcSet } from "../ui/responsive-image.ts";

const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

export function SafeImage({
  src,
  fallback = PLACEHOLDER_IMAGE,
  alt,
  focal,
  ...props
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & { src: string | null | undefined; fallback?: string; alt: string; focal?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = src || fallback;
  const current = failed === wanted ? fallback : wanted;
  // Uploaded images come in 400/800/1600 px WebP: let the browser pick (sizes defaults to 100vw).
  const srcSet = props.srcSet ?? uploadedImageSrcSet(current);

  return (
    <img
      ref={(img) => {
        if (img && img.complete && img.naturalWidth === 0 && current !== fallback) setFailed(wanted);
      }}
      src={current}
      srcSet={srcSet}
      sizes={srcSet ? (props.sizes ?? "100vw") : props.sizes}
      alt={alt}
      style={focal && current === wanted ? { objectPosition: focal, ...props.style } : props.style}
      onError={() => {
        if (current !== fallback) setFailed(wanted);
      }}
      {...props}
    />
  );
}
