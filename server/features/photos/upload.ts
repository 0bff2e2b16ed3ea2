/** Checks an uploaded image by its bytes (DESIGN §5), before anything is stored. */
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { loadSharp } from './image.ts';

export const MAX_PIXELS = 40_000_000;

const failed = (code: 'unsupported_media_type' | 'validation' | 'payload_too_large', reason: string) =>
  new AppError(code, supplyMessages.photoFailed, { errors: { photos: [reason] } });

/** JPEG, PNG or WebP by magic bytes, whatever the name or declared type says. */
export function sniffImage(data: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return undefined;
}

/** Throws the SPEC's photo error with the reason when the file is not an image we accept. */
export async function assertAcceptableImage(data: Buffer, filename: string): Promise<void> {
  if (!sniffImage(data)) throw failed('unsupported_media_type', `${filename}: ${supplyMessages.photoType}`);
  const sharp = await loadSharp();
  let meta: { width?: number; height?: number };
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw failed('validation', `${filename}: ${supplyMessages.photoBroken}`);
  }
  if (!meta.width || !meta.height) throw failed('validation', `${filename}: ${supplyMessages.photoBroken}`);
  // Decompression bombs: refuse by the declared size, before decoding a single pixel.
  if (meta.width * meta.height > MAX_PIXELS)
    throw failed('validation', `${filename}: ${supplyMessages.photoPixels}`);
  try {
    // Decode fully once: truncated or corrupt data fails here, not after storing.
    await sharp(data, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' }).resize(8, 8).toBuffer();
  } catch {
    throw failed('validation', `${filename}: ${supplyMessages.photoBroken}`);
  }
}

export const photoErrors = { failed };
