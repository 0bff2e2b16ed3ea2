import type { Storage } from '../../adapters/storage.ts';

/** Sizes every photo is stored in: cards and galleries. */
export const photoSizes = {
  sm: { width: 640, height: 480, quality: 72 },
  lg: { width: 1600, height: 1200, quality: 80 },
} as const;
export type PhotoSize = keyof typeof photoSizes;

/**
 * The largest image decoded: 50 megapixels, so the photos of 48 MP (8064 × 6048) and 50 MP
 * (8160 × 6120) phone cameras pass (docs/decisions/0029-photo-uploads.md).
 */
export const MAX_PIXELS_PER_IMAGE = 50_000_000;

/** libvips costs ~20 MB of memory: loaded on the first image, not at start. */
export const loadSharp = async () => (await import('sharp')).default;

export const variantKey = (storageKey: string, size: PhotoSize) => `${storageKey}-${size}.webp`;

export interface StoredImage {
  storageKey: string;
  mimeType: 'image/webp';
  width: number;
  height: number;
  bytes: number;
}

/** Every size of one image, encoded and held in memory until stored. */
export interface RenderedImage {
  variants: { size: PhotoSize; data: Buffer; width: number; height: number }[];
}

const sizesLargestFirst = (Object.keys(photoSizes) as PhotoSize[]).sort(
  (a, b) => photoSizes[b].width * photoSizes[b].height - photoSizes[a].width * photoSizes[a].height,
);

/**
 * Decodes an image once (orientation applied, metadata stripped) and encodes every size from that
 * one decode: the largest size from the image, the others from the largest. Truncated data throws
 * here, before anything is stored.
 */
export async function renderImage(input: Buffer): Promise<RenderedImage> {
  const sharp = await loadSharp();
  const [largest, ...smaller] = sizesLargestFirst as [PhotoSize, ...PhotoSize[]];
  const fit = (size: PhotoSize) =>
    ({
      width: photoSizes[size].width,
      height: photoSizes[size].height,
      fit: 'inside',
      withoutEnlargement: true,
    }) as const;
  const decoded = await sharp(input, { limitInputPixels: MAX_PIXELS_PER_IMAGE, failOn: 'truncated' })
    .rotate()
    .resize(fit(largest))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = {
    raw: { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels },
  };
  const variants = await Promise.all(
    [largest, ...smaller].map(async (size) => {
      let pipeline = sharp(decoded.data, raw);
      if (size !== largest) pipeline = pipeline.resize(fit(size));
      const { data, info } = await pipeline
        .webp({ quality: photoSizes[size].quality })
        .toBuffer({ resolveWithObject: true });
      return { size, data, width: info.width, height: info.height };
    }),
  );
  return { variants };
}

/** Stores every size of a rendered image: all of them or none. */
export async function storeRendered(
  storage: Storage,
  image: RenderedImage,
  storageKey: string,
): Promise<StoredImage> {
  const written: string[] = [];
  try {
    for (const v of image.variants) {
      const key = variantKey(storageKey, v.size);
      await storage.put(key, v.data);
      written.push(key);
    }
  } catch (err) {
    await Promise.all(written.map((k) => storage.delete(k).catch(() => {})));
    throw err;
  }
  const large = image.variants.find((v) => v.size === 'lg')!;
  return {
    storageKey,
    mimeType: 'image/webp',
    width: large.width,
    height: large.height,
    bytes: large.data.length,
  };
}

/** Re-encodes an image into every size and stores them (nothing is stored unless every size was made). */
export async function storeImage(storage: Storage, input: Buffer, storageKey: string): Promise<StoredImage> {
  return storeRendered(storage, await renderImage(input), storageKey);
}
