/**
 * Draws the two promo pop-up illustrations (content/popups.ts) from SVG and writes them as PNG to
 * public/images/popups/. Run once by hand (`npx tsx scripts/generate-popup-images.ts`); the PNG files are
 * committed, so the build needs neither this script nor network access. Shapes only, no text: the image
 * carries no words that would need translating or an accessible twin beyond its alt text.
 */
import path from 'node:path';
import sharp from 'sharp';
import { gradientCanvas } from './svg-art';

const width = 860;
const height = 430;
const outDir = path.resolve('public/images/popups');

/** Both pictures share the pop-up's size: `body` drawn on a gradient from `from` to `to`. */
const popupPicture = (from: string, to: string, body: string) => gradientCanvas(width, height, from, to, body);

const editorWindow = (x: number, y: number) => `
  <g transform="translate(${x} ${y})">
    <rect width="300" height="210" rx="16" fill="#0f172a" stroke="#334155" stroke-width="2"/>
    <circle cx="22" cy="20" r="6" fill="#f87171"/><circle cx="42" cy="20" r="6" fill="#fbbf24"/><circle cx="62" cy="20" r="6" fill="#34d399"/>
    <rect x="22" y="50" width="120" height="10" rx="5" fill="#38bdf8"/>
    <rect x="40" y="74" width="170" height="10" rx="5" fill="#a78bfa"/>
    <rect x="40" y="98" width="90" height="10" rx="5" fill="#f472b6"/>
    <rect x="58" y="122" width="150" height="10" rx="5" fill="#94a3b8"/>
    <rect x="40" y="146" width="110" height="10" rx="5" fill="#34d399"/>
    <rect x="22" y="170" width="60" height="10" rx="5" fill="#38bdf8"/>
  </g>`;

const reactAtom = (cx: number, cy: number) => `
  <g transform="translate(${cx} ${cy})" fill="none" stroke="#61dafb" stroke-width="7">
    <ellipse rx="70" ry="26"/>
    <ellipse rx="70" ry="26" transform="rotate(60)"/>
    <ellipse rx="70" ry="26" transform="rotate(120)"/>
    <circle r="11" fill="#61dafb" stroke="none"/>
  </g>`;

const vueMark = (x: number, y: number) => `
  <g transform="translate(${x} ${y})">
    <polygon points="0,0 40,0 60,34 80,0 120,0 60,104" fill="#41b883"/>
    <polygon points="24,0 44,0 60,28 76,0 96,0 60,62" fill="#35495e"/>
  </g>`;

const angularShield = (x: number, y: number) => `
  <g transform="translate(${x} ${y})">
    <polygon points="55,0 110,20 101,92 55,118 9,92 0,20" fill="#dd0031"/>
    <polygon points="55,0 110,20 101,92 55,118" fill="#c3002f"/>
    <polygon points="55,18 85,88 73,88 66,72 44,72 37,88 25,88" fill="#ffffff"/>
    <polygon points="55,40 63,60 47,60" fill="#c3002f"/>
  </g>`;

const frameworksChannel = popupPicture(
  '#1e1b4b',
  '#0c4a6e',
  `
  <circle cx="130" cy="90" r="140" fill="#6366f1" opacity="0.18"/>
  <circle cx="760" cy="360" r="170" fill="#22d3ee" opacity="0.14"/>
  ${editorWindow(280, 110)}
  ${reactAtom(160, 150)}
  ${vueMark(640, 70)}
  ${angularShield(660, 250)}`,
);

const questionCard = (x: number, y: number, rotate: number, accent: string) => `
  <g transform="translate(${x} ${y}) rotate(${rotate})">
    <rect width="210" height="130" rx="14" fill="#ffffff"/>
    <circle cx="34" cy="34" r="16" fill="${accent}"/>
    <rect x="62" y="26" width="120" height="12" rx="6" fill="#cbd5e1"/>
    <rect x="22" y="66" width="166" height="10" rx="5" fill="#e2e8f0"/>
    <rect x="22" y="88" width="130" height="10" rx="5" fill="#e2e8f0"/>
  </g>`;

const interviewChannel = popupPicture(
  '#4c1d95',
  '#be185d',
  `
  <circle cx="720" cy="80" r="150" fill="#f472b6" opacity="0.2"/>
  ${questionCard(70, 80, -6, '#8b5cf6')}
  ${questionCard(130, 220, 4, '#ec4899')}
  <g transform="translate(470 90)">
    <rect x="0" y="190" width="56" height="60" rx="8" fill="#fde68a"/>
    <rect x="80" y="140" width="56" height="110" rx="8" fill="#fcd34d"/>
    <rect x="160" y="80" width="56" height="170" rx="8" fill="#fbbf24"/>
    <rect x="240" y="20" width="56" height="230" rx="8" fill="#f59e0b"/>
    <polyline points="10,170 110,120 190,60 280,0" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>
    <polygon points="296,-14 292,22 262,4" fill="#ffffff"/>
  </g>`,
);

async function main() {
  for (const [name, svg] of [
    ['frameworks-channel.png', frameworksChannel],
    ['interview-channel.png', interviewChannel],
  ] as const) {
    const file = path.join(outDir, name);
    await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(file);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
}

void main();
