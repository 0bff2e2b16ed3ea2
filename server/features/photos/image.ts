import type { Storage } from '../../adapters/storage.ts';

/** Sizes every photo is stored in: cards and galleries. */
export const photoSizes = {
  sm: { width: 640, height: 480, quality: 72 },
  lg: { width: 1600, height: 1200, quality: 80 },
} as const;
export type PhotoSize = keyof typeof photoSizes;

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

/**
 * Re-encodes an image (metadata stripped, orientation applied) into every size and stores them.
 * Nothing is stored unless every size was made.
 */
export async function storeImage(storage: Storage, input: Buffer, storageKey: string): Promise<StoredImage> {
  const sharp = await loadSharp();
  const variants = await Promise.all(
    (Object.keys(photoSizes) as PhotoSize[]).map(async (size) => {
      const spec = photoSizes[size];
      const { data, info } = await sharp(input, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize({ width: spec.width, height: spec.height, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: spec.quality })
        .toBuffer({ resolveWithObject: true });
      return { size, data, info };
    }),
  );
  const written: string[] = [];
  try {
    for (const v of variants) {
      const key = variantKey(storageKey, v.size);
      await storage.put(key, v.data);
      written.push(key);
    }
  } catch (err) {
    await Promise.all(written.map((k) => storage.delete(k).catch(() => {})));
    throw err;
  }
  const large = variants.find((v) => v.size === 'lg')!;
  return {
    storageKey,
    mimeType: 'image/webp',
    width: large.info.width,
    height: large.info.height,
    bytes: large.data.length,
  };
}
