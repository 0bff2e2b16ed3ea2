import jsQR from 'jsqr';
import sharp from 'sharp';

/** Reads a QR image the way a bank app's camera decoder does: pixels in, text out. */
export async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}
