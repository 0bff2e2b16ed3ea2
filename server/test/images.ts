/** Images made by hand for the upload tests. */
import zlib from 'node:zlib';

/** A PNG that declares width × height (header only, no decodable pixels), padded to `bytes`. */
export function declaredPng(width: number, height: number, bytes: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const head = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
  ]);
  // A private ancillary chunk: bytes a decoder skips, as many as a real photo of that size has.
  const padding = chunk('paDd', Buffer.alloc(Math.max(0, bytes - head.length - 24), 0x5a));
  return Buffer.concat([head, padding, chunk('IEND', Buffer.alloc(0))]);
}
