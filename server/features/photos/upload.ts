/**
 * Checks an uploaded image (DESIGN §5): first by its bytes and header, before a single pixel is
 * decoded, then by decoding it once. Limits: docs/decisions/0029-photo-uploads.md.
 */
import { supplyMessages } from '#common/contracts/supply';
import { AppError } from '#common/errors';
import { loadSharp, MAX_PIXELS_PER_IMAGE, type RenderedImage, renderImage } from './image.ts';

export const MAX_FILES_PER_REQUEST = 10;
/** What one upload may ask us to decode: ten 24 MP photos (today's phones' default), or five of 50 MP. */
export const MAX_PIXELS_PER_REQUEST = 250_000_000;
/** Up to this size an image may compress as well as it likes (logos, screenshots, drawings). */
export const FREE_PIXELS = 4_000_000;
/**
 * Above FREE_PIXELS, at most this many pixels per byte of file (about 190:1 against raw RGB). A
 * photo holds 2 to 30 pixels per byte; a 5 KB PNG declaring 6320 × 6320 holds 8 000.
 */
export const MAX_PIXELS_PER_BYTE = 64;

const failed = (code: 'unsupported_media_type' | 'validation' | 'payload_too_large', reason: string) =>
  new AppError(code, supplyMessages.photoFailed, { errors: { photos: [reason] } });

/** An uploaded file whose header was read and accepted; nothing of it was decoded yet. */
export interface CheckedImage {
  filename: string;
  data: Buffer;
  width: number;
  height: number;
}

const megapixels = (pixels: number) => Math.ceil(pixels / 1_000_000);
const fileSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

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

/**
 * Accepts a file by its magic bytes and the dimensions its header declares (sharp's metadata()
 * reads the header only): decompression bombs are refused before a pixel is decoded.
 */
export async function inspectImage(data: Buffer, filename: string): Promise<CheckedImage> {
  if (!sniffImage(data)) throw failed('unsupported_media_type', `${filename}: ${supplyMessages.photoType}`);
  const sharp = await loadSharp();
  let meta: { width?: number; height?: number };
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw failed('validation', `${filename}: ${supplyMessages.photoBroken}`);
  }
  const { width, height } = meta;
  if (!width || !height) throw failed('validation', `${filename}: ${supplyMessages.photoBroken}`);
  const pixels = width * height;
  if (pixels > MAX_PIXELS_PER_IMAGE) {
    throw failed(
      'validation',
      `${filename}: a imagem tem pixels demais (${width} × ${height}); o máximo é de ${megapixels(MAX_PIXELS_PER_IMAGE)} megapixels por imagem.`,
    );
  }
  if (pixels > FREE_PIXELS && pixels > data.length * MAX_PIXELS_PER_BYTE) {
    throw failed(
      'validation',
      `${filename}: o arquivo declara ${width} × ${height} pixels em apenas ${fileSize(data.length)}, o que nenhuma foto tem. Envie a foto original.`,
    );
  }
  return { filename, data, width, height };
}

/** Counts the pixels an upload asks us to decode; throws as soon as they pass the request's budget. */
export function pixelBudget(limit = MAX_PIXELS_PER_REQUEST) {
  let used = 0;
  return (image: CheckedImage): CheckedImage => {
    used += image.width * image.height;
    if (used > limit) {
      throw failed(
        'validation',
        `As imagens deste envio passam de ${megapixels(limit)} megapixels somadas (o máximo por envio). Envie menos imagens de uma vez.`,
      );
    }
    return image;
  };
}

/** Decodes a checked image once into every stored size; corrupt or truncated data is refused. */
export async function renderChecked(image: CheckedImage): Promise<RenderedImage> {
  try {
    return await renderImage(image.data);
  } catch {
    throw failed('validation', `${image.filename}: ${supplyMessages.photoBroken}`);
  }
}

export const photoErrors = { failed };
