/**
 * Illustrations of rooms and clinic fronts for the demo data, drawn as SVG and re-encoded by the
 * same pipeline as uploads: no binary files in the repository, nothing downloaded.
 */
export type RoomKind = 'consultorio' | 'maca' | 'diva' | 'grupo' | 'odonto';

export interface Palette {
  wall: string;
  floor: string;
  accent: string;
}

const W = 1200;
const H = 900;

function furniture(kind: RoomKind, p: Palette): string {
  switch (kind) {
    case 'consultorio':
      return `
        <rect x="620" y="520" width="360" height="24" rx="6" fill="#8d6e4f"/>
        <rect x="640" y="544" width="18" height="150" fill="#6d5037"/><rect x="942" y="544" width="18" height="150" fill="#6d5037"/>
        <rect x="740" y="470" width="120" height="50" rx="4" fill="#2f3a45"/>
        <rect x="320" y="560" width="150" height="110" rx="20" fill="${p.accent}"/>
        <rect x="300" y="640" width="190" height="50" rx="18" fill="${p.accent}" opacity="0.85"/>`;
    case 'maca':
      return `
        <rect x="360" y="540" width="520" height="60" rx="26" fill="${p.accent}"/>
        <rect x="390" y="600" width="20" height="110" fill="#9aa5b1"/><rect x="830" y="600" width="20" height="110" fill="#9aa5b1"/>
        <rect x="380" y="528" width="120" height="30" rx="14" fill="#ffffff" opacity="0.9"/>
        <rect x="960" y="430" width="90" height="260" rx="10" fill="#e4e7eb"/>`;
    case 'diva':
      return `
        <path d="M300 600 q0 -80 80 -80 h330 q60 0 60 60 v80 h-470 z" fill="${p.accent}"/>
        <rect x="290" y="650" width="500" height="40" rx="12" fill="${p.accent}" opacity="0.8"/>
        <circle cx="900" cy="600" r="55" fill="#f0c987"/><rect x="885" y="640" width="30" height="60" fill="#8d6e4f"/>
        <rect x="820" y="500" width="160" height="110" rx="26" fill="#c8b6a6"/>`;
    case 'grupo':
      return (
        [0, 1, 2, 3, 4]
          .map(
            (i) =>
              `<rect x="${250 + i * 150}" y="570" width="100" height="90" rx="18" fill="${p.accent}" opacity="${0.7 + i * 0.06}"/>`,
          )
          .join('') +
        '<rect x="360" y="380" width="480" height="170" rx="8" fill="#ffffff" stroke="#cbd2d9" stroke-width="6"/>'
      );
    case 'odonto':
      return `
        <path d="M380 640 l120 -120 h260 l40 60 h-200 l-80 80 z" fill="${p.accent}"/>
        <rect x="560" y="640" width="40" height="70" fill="#9aa5b1"/>
        <circle cx="820" cy="380" r="60" fill="#fff7d6" stroke="#cbd2d9" stroke-width="8"/>
        <rect x="900" y="520" width="140" height="170" rx="10" fill="#e4e7eb"/>`;
  }
}

export function roomSvg(kind: RoomKind, p: Palette, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <rect width="${W}" height="${H}" fill="${p.wall}"/>
  <rect y="690" width="${W}" height="${H - 690}" fill="${p.floor}"/>
  <rect x="120" y="150" width="300" height="260" rx="6" fill="#dff3fb" stroke="#ffffff" stroke-width="14"/>
  <line x1="270" y1="150" x2="270" y2="410" stroke="#ffffff" stroke-width="10"/>
  <rect x="520" y="180" width="160" height="120" rx="4" fill="#ffffff" opacity="0.7"/>
  <circle cx="1080" cy="560" r="70" fill="#4f9d69"/><rect x="1050" y="610" width="60" height="80" rx="8" fill="#b5651d"/>
  ${furniture(kind, p)}
  <text x="60" y="860" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="#ffffff" opacity="0.9">${title}</text>
</svg>`;
}

export function clinicSvg(p: Palette, name: string): string {
  const windows = [0, 1, 2, 3]
    .flatMap((row) =>
      [0, 1, 2, 3, 4].map(
        (col) =>
          `<rect x="${300 + col * 130}" y="${180 + row * 120}" width="80" height="80" rx="6" fill="#dff3fb"/>`,
      ),
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <rect width="${W}" height="${H}" fill="#cfe8f3"/>
  <rect y="720" width="${W}" height="180" fill="#9aa5b1"/>
  <rect x="260" y="120" width="680" height="600" fill="${p.wall}"/>
  ${windows}
  <rect x="540" y="640" width="120" height="80" fill="${p.accent}"/>
  <rect x="260" y="100" width="680" height="40" fill="${p.accent}"/>
  <circle cx="140" cy="640" r="90" fill="#4f9d69"/><circle cx="1060" cy="640" r="90" fill="#4f9d69"/>
  <text x="60" y="860" font-family="DejaVu Sans, Arial, sans-serif" font-size="44" fill="#1f2933">${name}</text>
</svg>`;
}
