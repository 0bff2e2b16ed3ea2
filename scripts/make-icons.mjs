// Draws the app's icons into web/public from the Salas mark (web/components/logo.tsx): a white door
// in a teal rounded square. Run after changing the mark: node scripts/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const TEAL = '#0b7a75'; // theme.ts: salas[7], the primary shade
const out = path.join(import.meta.dirname, '..', 'web', 'public');
const door = `<rect x="10" y="7" width="12" height="19" rx="2" fill="#ffffff"/><circle cx="19" cy="17" r="1.4" fill="${TEAL}"/>`;
/** The mark as in the header: rounded corners, transparent outside. */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Salas</title><rect width="32" height="32" rx="8" fill="${TEAL}"/>${door}</svg>`;
/** Full bleed: the platform cuts its own shape (Android maskable, iOS home screen); the door stays inside the 80 % safe circle. */
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${TEAL}"/>${door}</svg>`;

const png = (svg, size) =>
  sharp(Buffer.from(svg), { density: 72 * (size / 32) })
    .resize(size, size)
    .png()
    .toBuffer();

/** An .ico holding PNG images (supported by every browser since IE Vista-era). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0);
    e.writeUInt8(size >= 256 ? 0 : size, 1);
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    return e;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

fs.mkdirSync(path.join(out, 'icons'), { recursive: true });
fs.writeFileSync(path.join(out, 'favicon.svg'), `${rounded}\n`);
for (const size of [192, 512])
  fs.writeFileSync(path.join(out, 'icons', `icon-${size}.png`), await png(rounded, size));
fs.writeFileSync(path.join(out, 'icons', 'maskable-512.png'), await png(square, 512));
fs.writeFileSync(path.join(out, 'apple-touch-icon.png'), await png(square, 180));
const small = await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(rounded, size) })));
fs.writeFileSync(path.join(out, 'favicon.ico'), ico(small));
console.log('icons written to', out);
