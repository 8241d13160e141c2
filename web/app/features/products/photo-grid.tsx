import type { ImageKey } from '@content/media.ts';
import { Picture } from '~/components/ui/picture.tsx';

/** Four pictures (cookbook sneak peek, seasoning in use): one or two columns on phones, four on desktop. Below the fold, so lazy. */
export function PhotoGrid({ images }: { images: ImageKey[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4">
      {images.map((image) => (
        <li key={image} className="overflow-hidden rounded-2xl ring-1 ring-cream/10">
          <Picture
            image={image}
            sizes="(min-width: 1152px) 270px, (min-width: 1024px) 23vw, (min-width: 480px) 46vw, 100vw"
            className="block"
            imgClassName="aspect-[4/3] w-full object-cover transition-transform duration-500 hover:scale-105"
          />
        </li>
      ))}
    </ul>
  );
}
