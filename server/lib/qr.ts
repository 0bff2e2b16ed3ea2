/** QR images of Pix BR Codes: a PNG any bank app's camera reads (error correction M, quiet zone). */
import QRCode from 'qrcode';

export async function qrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 320 });
}

export async function qrDataUrl(payload: string): Promise<string> {
  return `data:image/png;base64,${(await qrPng(payload)).toString('base64')}`;
}
