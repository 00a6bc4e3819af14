/** The craft fair gallery on /craft-fairs (the Past fairs tab): staff's images in their order. */
import { SafeImage } from "../../components/site/safe-image.tsx";
import type { PublicGalleryImage } from "./gallery.server.ts";

export function CraftFairGallery({ images, title }: { images: readonly PublicGalleryImage[]; title: string }) {
  if (images.length === 0) return null;
  return (
    <div>
      <h2 className="font-display text-3xl font-semibold text-brand-900">{title}</h2>
      <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3">
        {images.map((image) => (
          <li key={image.image}>
            <SafeImage src={image.image} alt={image.image_alt} focal={image.image_focal} loading="lazy" width={600} height={450} className="aspect-[4/3] w-full rounded-2xl bg-brand-50 object-cover" />
          </li>
        ))}
      </ul>
    </div>
  );
}
