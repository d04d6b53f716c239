/**
 * Draws the site's raster images from SVG once and writes them to public/images (the files are
 * committed; run again only after changing a design or a title): `npx tsx scripts/generate-images.ts`.
 * Course and event covers are 1200x750 WebP, Open Graph cards 1200x630 PNG (every social network
 * reads PNG), avatars 256x256 WebP. Text uses DejaVu Sans, which has Cyrillic and ships with Debian.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { gradientCanvas } from './svg-art';
import { courses } from '../content/courses';
import { events } from '../content/events';
import { giftPromotion } from '../content/gift-promotion';
import { staff } from '../content/staff';
import { site } from '../content/site';
import { SITE_ICON_FILES, SITE_ICON_SVG } from '../lib/site-icon';
import { courseArt, eventArt, palettes, type CoverArt, type Motif, type Palette } from '../content/cover-art';

const out = path.join(process.cwd(), 'public', 'images');
const font = `font-family="DejaVu Sans, sans-serif"`;

/** The palette's gradient with two soft circles, under `body`. */
function canvas(width: number, height: number, p: Palette, body: string): string {
  return gradientCanvas(
    width,
    height,
    p.from,
    p.to,
    `
  <circle cx="${width * 0.92}" cy="${height * 0.1}" r="${height * 0.32}" fill="#fff" opacity="0.07"/>
  <circle cx="${width * 0.08}" cy="${height * 0.95}" r="${height * 0.38}" fill="#fff" opacity="0.06"/>${body}`,
  );
}

/** A window frame at (x, y) with three dots in the title bar. */
function windowFrame(x: number, y: number, w: number, h: number, fill = '#ffffff'): string {
  return `
  <rect x="${x + 10}" y="${y + 14}" width="${w}" height="${h}" rx="22" fill="#000" opacity="0.18"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="22" fill="${fill}"/>
  <circle cx="${x + 30}" cy="${y + 28}" r="8" fill="#f87171"/><circle cx="${x + 56}" cy="${y + 28}" r="8" fill="#fbbf24"/><circle cx="${x + 82}" cy="${y + 28}" r="8" fill="#34d399"/>`;
}

function motif(kind: Motif, p: Palette, x: number, y: number, w: number, h: number): string {
  const cx = x + w / 2;
  const cy = y + h / 2;
  switch (kind) {
    case 'editor': {
      const lines = [0.55, 0.8, 0.4, 0.7, 0.62, 0.35, 0.75, 0.5];
      const colors = [p.from, p.to, '#f59e0b', '#10b981', p.from, '#ec4899', p.to, '#6366f1'];
      return (
        windowFrame(x, y, w, h, '#0f172a') +
        lines
          .map((len, i) => {
            const indent = [0, 1, 2, 2, 1, 2, 1, 0][i]! * 36;
            return `<rect x="${x + 40 + indent}" y="${y + 72 + i * ((h - 110) / lines.length)}" width="${(w - 120) * len}" height="16" rx="8" fill="${colors[i]}" opacity="${i % 3 === 0 ? 1 : 0.8}"/>`;
          })
          .join('')
      );
    }
    case 'layout':
      return (
        windowFrame(x, y, w, h) +
        `<rect x="${x + 30}" y="${y + 62}" width="${w - 60}" height="${h * 0.22}" rx="12" fill="${p.to}" opacity="0.85"/>
         <rect x="${x + 30}" y="${y + 72 + h * 0.22}" width="${(w - 80) * 0.62}" height="${h * 0.42}" rx="12" fill="${p.from}" opacity="0.2"/>
         <rect x="${x + 50 + (w - 80) * 0.62}" y="${y + 72 + h * 0.22}" width="${(w - 80) * 0.38}" height="${h * 0.2}" rx="12" fill="${p.accent}"/>
         <rect x="${x + 50 + (w - 80) * 0.62}" y="${y + 82 + h * 0.42}" width="${(w - 80) * 0.38}" height="${h * 0.22 - 10}" rx="12" fill="${p.from}" opacity="0.45"/>
         <line x1="${x + 30}" y1="${y + h - 30}" x2="${x + w - 30}" y2="${y + h - 30}" stroke="${p.from}" stroke-width="4" stroke-dasharray="12 10" opacity="0.5"/>`
      );
    case 'graph': {
      const main = y + h * 0.3;
      const branch = y + h * 0.7;
      const xs = [0.08, 0.28, 0.48, 0.68, 0.9].map((f) => x + w * f);
      return `<path d="M${xs[0]} ${main} H${xs[4]}" stroke="#fff" stroke-width="10"/>
        <path d="M${xs[1]} ${main} C${xs[1]! + 60} ${branch}, ${xs[1]! + 60} ${branch}, ${xs[2]} ${branch} H${xs[3]} C${xs[3]! + 60} ${branch}, ${xs[3]! + 40} ${main}, ${xs[4]} ${main}" stroke="${p.accent}" stroke-width="10" fill="none"/>
        ${xs.map((px) => `<circle cx="${px}" cy="${main}" r="24" fill="#fff" stroke="${p.from}" stroke-width="8"/>`).join('')}
        ${[xs[2], xs[3]].map((px) => `<circle cx="${px}" cy="${branch}" r="24" fill="${p.accent}" stroke="${p.from}" stroke-width="8"/>`).join('')}`;
    }
    case 'tree': {
      const nodes = [
        [cx, y + 40],
        [x + w * 0.22, y + h * 0.45],
        [cx, y + h * 0.45],
        [x + w * 0.78, y + h * 0.45],
        [x + w * 0.12, y + h - 40],
        [x + w * 0.34, y + h - 40],
        [x + w * 0.66, y + h - 40],
        [x + w * 0.88, y + h - 40],
      ] as const;
      const edges = [
        [0, 1],
        [0, 2],
        [0, 3],
        [1, 4],
        [1, 5],
        [3, 6],
        [3, 7],
      ] as const;
      return (
        edges
          .map(
            ([a, b]) => `<line x1="${nodes[a][0]}" y1="${nodes[a][1]}" x2="${nodes[b][0]}" y2="${nodes[b][1]}" stroke="#fff" stroke-width="6" opacity="0.8"/>`,
          )
          .join('') +
        nodes
          .map(
            ([nx, ny], i) =>
              `<rect x="${nx - 58}" y="${ny - 30}" width="116" height="60" rx="16" fill="${i === 0 ? p.accent : '#fff'}" stroke="${p.from}" stroke-width="5"/>`,
          )
          .join('')
      );
    }
    case 'network': {
      const layers = [3, 4, 4, 2];
      const points = layers.map((count, li) =>
        Array.from({ length: count }, (_, ni) => [x + (w * (li + 0.5)) / layers.length, y + (h * (ni + 0.5)) / count] as const),
      );
      let svg = '';
      for (let li = 0; li < points.length - 1; li++)
        for (const a of points[li]!)
          for (const b of points[li + 1]!) svg += `<line x1="${a[0]}" y1="${a[1]}" x2="${b[0]}" y2="${b[1]}" stroke="#fff" stroke-width="3" opacity="0.45"/>`;
      for (const layer of points)
        for (const [px, py] of layer) svg += `<circle cx="${px}" cy="${py}" r="26" fill="#fff"/><circle cx="${px}" cy="${py}" r="12" fill="${p.accent}"/>`;
      return svg;
    }
    case 'steps':
      return (
        [0, 1, 2, 3]
          .map((i) => {
            const sw = w / 4;
            const sh = (h * (i + 1)) / 4;
            return `<rect x="${x + i * sw}" y="${y + h - sh}" width="${sw - 12}" height="${sh}" rx="14" fill="#fff" opacity="${0.55 + i * 0.15}"/>`;
          })
          .join('') + `<circle cx="${x + w - w / 8 - 6}" cy="${y - 10}" r="34" fill="${p.accent}"/>`
      );
    case 'check':
      return (
        windowFrame(x, y, w, h) +
        [0, 1, 2, 3]
          .map((i) => {
            const ry = y + 80 + i * ((h - 110) / 4);
            const done = i < 3;
            return `<rect x="${x + 40}" y="${ry}" width="40" height="40" rx="10" fill="${done ? p.to : '#e5e7eb'}"/>
              ${done ? `<path d="M${x + 49} ${ry + 21} l8 9 l16 -18" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` : ''}
              <rect x="${x + 100}" y="${ry + 12}" width="${(w - 160) * [0.8, 0.6, 0.7, 0.5][i]!}" height="16" rx="8" fill="#cbd5e1"/>`;
          })
          .join('')
      );
    case 'compass':
      return `<circle cx="${cx}" cy="${cy}" r="${h / 2}" fill="#fff" opacity="0.95"/>
        <circle cx="${cx}" cy="${cy}" r="${h / 2 - 26}" fill="none" stroke="${p.from}" stroke-width="4" stroke-dasharray="6 14"/>
        <path d="M${cx} ${cy - h / 2 + 50} L${cx + 36} ${cy} L${cx} ${cy + h / 2 - 50} L${cx - 36} ${cy} Z" fill="${p.from}"/>
        <path d="M${cx} ${cy - h / 2 + 50} L${cx + 36} ${cy} L${cx - 36} ${cy} Z" fill="${p.accent}" stroke="${p.from}" stroke-width="3"/>
        <circle cx="${cx}" cy="${cy}" r="14" fill="#fff" stroke="${p.from}" stroke-width="5"/>`;
    case 'triangle':
      return `<path d="M${cx - h * 0.62} ${y + 20} L${cx} ${y + h - 10} L${cx + h * 0.62} ${y + 20} Z" fill="#fff" opacity="0.95"/>
        <path d="M${cx - h * 0.36} ${y + 20} L${cx} ${y + h * 0.62} L${cx + h * 0.36} ${y + 20} Z" fill="${p.ink}" opacity="0.85"/>`;
    case 'store':
      return (
        `<rect x="${cx - 110}" y="${cy - 80}" width="220" height="160" rx="24" fill="${p.accent}"/>` +
        [
          [x + 10, y + 10],
          [x + w - 190, y + 10],
          [x + 10, y + h - 110],
          [x + w - 190, y + h - 110],
        ]
          .map(
            ([bx, by]) =>
              `<rect x="${bx}" y="${by}" width="180" height="100" rx="18" fill="#fff"/><line x1="${bx! + 90}" y1="${by! + 50}" x2="${cx}" y2="${cy}" stroke="#fff" stroke-width="6" stroke-dasharray="14 10"/>`,
          )
          .join('')
      );
    case 'growth':
      return `<polyline points="${x},${y + h} ${x + w * 0.25},${y + h * 0.7} ${x + w * 0.45},${y + h * 0.78} ${x + w * 0.7},${y + h * 0.35} ${x + w},${y + 20}" fill="none" stroke="#fff" stroke-width="14" stroke-linejoin="round" stroke-linecap="round"/>
        <path d="M${x + w - 60} ${y + 10} L${x + w + 10} ${y + 10} L${x + w + 10} ${y + 80}" fill="none" stroke="${p.accent}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>
        ${[0.25, 0.45, 0.7].map((f, i) => `<rect x="${x + w * f - 30}" y="${y + h * [0.7, 0.78, 0.35][i]! + 40}" width="60" height="${h - h * [0.7, 0.78, 0.35][i]! - 40}" rx="10" fill="#fff" opacity="0.3"/>`).join('')}`;
    case 'snow':
      return Array.from({ length: 7 }, (_, i) => {
        const sx = x + ((i * 173) % w);
        const sy = y + ((i * 97) % h);
        const r = 30 + (i % 3) * 18;
        return `<g transform="translate(${sx} ${sy})" stroke="#fff" stroke-width="${6 - (i % 3)}" stroke-linecap="round" opacity="${0.6 + (i % 3) * 0.15}">${[0, 60, 120].map((a) => `<line x1="${-r}" y1="0" x2="${r}" y2="0" transform="rotate(${a})"/>`).join('')}</g>`;
      }).join('');
    case 'spring':
      return Array.from({ length: 6 }, (_, i) => {
        const fx = x + 40 + ((i * 151) % (w - 80));
        const fy = y + 40 + ((i * 83) % (h - 80));
        const r = 22 + (i % 3) * 10;
        return `<g transform="translate(${fx} ${fy})">${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="0" cy="${-r}" rx="${r * 0.6}" ry="${r}" fill="#fff" opacity="0.9" transform="rotate(${a})"/>`).join('')}<circle r="${r * 0.55}" fill="${p.accent}"/></g>`;
      }).join('');
    case 'calendar':
      return (
        windowFrame(x, y, w, h) +
        Array.from({ length: 10 }, (_, i) => {
          const col = i % 5;
          const row = Math.floor(i / 5);
          const cw = (w - 100) / 5;
          return `<rect x="${x + 30 + col * (cw + 10)}" y="${y + 70 + row * ((h - 100) / 2)}" width="${cw}" height="${(h - 120) / 2}" rx="12" fill="${row === 0 ? p.to : '#e5e7eb'}" opacity="${row === 0 ? 0.9 - col * 0.1 : 1}"/>`;
        }).join('')
      );
  }
}

function badge(label: string, p: Palette, cx: number, cy: number, r: number): string {
  const size = label.length <= 2 ? r * 0.9 : label.length === 3 ? r * 0.7 : r * 0.55;
  return `<circle cx="${cx + 6}" cy="${cy + 10}" r="${r}" fill="#000" opacity="0.18"/>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="${p.accent}"/>
  <text x="${cx}" y="${cy}" dy="0.35em" text-anchor="middle" ${font} font-weight="bold" font-size="${size}" fill="${p.ink}">${escapeXml(label)}</text>`;
}

function cover(art: CoverArt): string {
  const p = palettes[art.palette]!;
  const [w, h] = [1200, 750];
  return canvas(
    w,
    h,
    p,
    `
  ${motif(art.motif, p, 330, 150, 720, 450)}
  ${badge(art.label, p, 250, 560, 130)}`,
  );
}

/** Splits a title into lines of at most `max` characters, on spaces. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function ogCard(title: string, kicker: string, art: CoverArt): string {
  const p = palettes[art.palette]!;
  const [w, h] = [1200, 630];
  const lines = wrap(title, 24).slice(0, 4);
  const size = lines.length > 3 ? 52 : 60;
  const text = lines.map((line, i) => `<tspan x="70" dy="${i === 0 ? 0 : size * 1.18}">${escapeXml(line)}</tspan>`).join('');
  return canvas(
    w,
    h,
    p,
    `
  <text x="70" y="96" ${font} font-weight="bold" font-size="34" fill="#fff">${escapeXml(site.name)}</text>
  <text x="70" y="150" ${font} font-size="28" fill="#fff" opacity="0.85">${escapeXml(kicker)}</text>
  <text x="70" y="${260}" ${font} font-weight="bold" font-size="${size}" fill="#fff">${text}</text>
  ${badge(art.label, p, 1010, 430, 120)}`,
  );
}

function avatar(initials: string, palette: keyof typeof palettes): string {
  const p = palettes[palette]!;
  return canvas(
    256,
    256,
    p,
    `
  <text x="128" y="128" dy="0.35em" text-anchor="middle" ${font} font-weight="bold" font-size="96" fill="#fff">${escapeXml(initials)}</text>`,
  );
}

function homeHero(): string {
  const p = palettes.blue!;
  const [w, h] = [1200, 900];
  return canvas(
    w,
    h,
    p,
    `
  ${motif('editor', p, 120, 160, 640, 420)}
  ${motif('layout', palettes.violet!, 560, 420, 520, 340)}
  ${badge('JS', p, 980, 190, 100)}
  ${badge('TS', palettes.sky!, 170, 720, 90)}`,
  );
}

function aboutIllustration(): string {
  const p = palettes.teal!;
  const [w, h] = [1200, 750];
  const people = [0, 1, 2, 3, 4].map((i) => {
    const px = 200 + i * 200;
    const py = 420 + (i % 2) * 40;
    const c = [palettes.blue!, palettes.violet!, palettes.orange!, palettes.rose!, palettes.sky!][i]!;
    return `<circle cx="${px}" cy="${py - 120}" r="60" fill="#fff"/><rect x="${px - 85}" y="${py - 40}" width="170" height="200" rx="80" fill="${c.to}"/>`;
  });
  return canvas(
    w,
    h,
    p,
    `
  ${people.join('')}
  <rect x="120" y="600" width="960" height="40" rx="20" fill="#fff" opacity="0.9"/>`,
  );
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

async function write(file: string, svg: string, format: 'webp' | 'png') {
  const target = path.join(out, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const image = sharp(Buffer.from(svg));
  await (format === 'webp' ? image.webp({ quality: 82 }) : image.png({ compressionLevel: 9, palette: true })).toFile(target);
  console.log(`${file} ${(fs.statSync(target).size / 1024).toFixed(1)} kB`);
}

async function main() {
  for (const course of courses()) {
    const art = courseArt[course.slug];
    if (!art) throw new Error(`No cover design for course ${course.slug}: add it to courseArt in content/cover-art.ts`);
    await write(`courses/${course.slug}.webp`, cover(art), 'webp');
    await write(`og/courses/${course.slug}.png`, ogCard(course.title, course.hero.eyebrow, art), 'png');
  }
  for (const event of events) {
    const art = eventArt[event.slug];
    if (!art) throw new Error(`No cover design for event ${event.slug}: add it to eventArt in content/cover-art.ts`);
    await write(`events/${event.slug}.webp`, cover(art), 'webp');
    await write(`og/events/${event.slug}.png`, ogCard(event.title, event.kind, art), 'png');
  }
  // The gift promotion is not in `events` (it is its own feature) but is drawn like them.
  await write(
    giftPromotion.ogImage.replace(/^\/images\//, ''),
    ogCard(giftPromotion.title, giftPromotion.kicker, { motif: 'snow', label: '13', palette: 'orange' }),
    'png',
  );
  const paletteNames = Object.keys(palettes);
  for (const [index, person] of staff.entries()) {
    const initials = person.name
      .split(' ')
      .map((part) => part[0])
      .join('');
    await write(`people/${person.slug}.webp`, avatar(initials, paletteNames[index % paletteNames.length]!), 'webp');
  }
  await write('home/hero.webp', homeHero(), 'webp');
  await write('about/team.webp', aboutIllustration(), 'webp');
  // The icon's files for crawlers and home screens (pages carry it inline: lib/site-icon.ts).
  fs.writeFileSync(path.join('public', SITE_ICON_FILES.svg), `${SITE_ICON_SVG}\n`);
  await sharp(Buffer.from(SITE_ICON_SVG)).resize(180, 180).png({ compressionLevel: 9 }).toFile(path.join('public', SITE_ICON_FILES.appleTouch));
  await write(
    'og/default.png',
    ogCard('Курсы фронтенд-разработки с нуля до middle', 'Онлайн-школа программирования', { motif: 'editor', label: '</>', palette: 'blue' }),
    'png',
  );
}

void main();
