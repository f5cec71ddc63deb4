import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { CATEGORY_LOOK, COURSES, type CategoryName } from './data.ts';

/**
 * The static files the demo data points at, generated (no binary blobs in the repository's
 * history beyond their output): course cards with a geometric motif, avatars, the images and the
 * short audio clips of the demo conversations. Vite serves `public/` at the root, so
 * `public/course-images/hifz.svg` is `/course-images/hifz.svg`.
 */

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Points of an eight-pointed star (two squares, the Rub el Hizb) as an SVG path. */
function star8(cx: number, cy: number, r: number): string {
  const square = (rot: number) =>
    [0, 1, 2, 3].map((i) => {
      const a = rot + (Math.PI / 2) * i + Math.PI / 4;
      return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
    });
  const a = square(0);
  const b = square(Math.PI / 4);
  return `M${a.join('L')}Z M${b.join('L')}Z`;
}

export function courseCardSvg(name: string, category: CategoryName): string {
  const look = CATEGORY_LOOK[category];
  const size = Math.min(40, Math.floor(1250 / Math.max(name.length, 1)));
  // The Arabic caption inside the star: two lines when long.
  const words = look.arabic.split(' ');
  const lines = look.arabic.length > 10 && words.length > 1 ? [words.slice(0, Math.ceil(words.length / 2)).join(' '), words.slice(Math.ceil(words.length / 2)).join(' ')] : [look.arabic];
  const arabicFont = `font-family="'Amiri', 'Noto Naskh Arabic', 'Times New Roman', serif" font-size="32" fill="${look.fg}" text-anchor="middle"`;
  const caption = lines.length === 1
    ? `<text x="400" y="177" ${arabicFont}>${esc(lines[0]!)}</text>`
    : `<text x="400" y="158" ${arabicFont}>${esc(lines[0]!)}</text>\n  <text x="400" y="200" ${arabicFont}>${esc(lines[1]!)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450" role="img" aria-label="${esc(name)}">
  <defs>
    <pattern id="tile" width="80" height="80" patternUnits="userSpaceOnUse">
      <g fill="none" stroke="${look.accent}" stroke-opacity="0.28" stroke-width="1.5">
        <path d="${star8(40, 40, 26)}"/>
        <circle cx="40" cy="40" r="9"/>
        <path d="M0 0L14 14M80 0L66 14M0 80L14 66M80 80L66 66"/>
      </g>
    </pattern>
    <radialGradient id="glow" cx="50%" cy="38%" r="60%">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.25"/>
    </radialGradient>
  </defs>
  <rect width="800" height="450" fill="${look.bg}"/>
  <rect width="800" height="450" fill="url(#tile)"/>
  <rect width="800" height="450" fill="url(#glow)"/>
  <path d="${star8(400, 165, 138)}" fill="${look.accent}" fill-opacity="0.9" fill-rule="nonzero"/>
  <path d="${star8(400, 165, 120)}" fill="${look.bg}"/>
  <circle cx="400" cy="165" r="88" fill="none" stroke="${look.accent}" stroke-width="3"/>
  ${caption}
  <rect y="330" width="800" height="120" fill="#000000" fill-opacity="0.28"/>
  <text x="400" y="380" text-anchor="middle" font-family="'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-weight="600" font-size="${size}" fill="${look.fg}">${esc(name)}</text>
  <text x="400" y="418" text-anchor="middle" font-family="'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-size="20" fill="${look.accent}" letter-spacing="3">${esc(category.toUpperCase())}</text>
</svg>
`;
}

const AVATAR_COLORS = ['#0f5132', '#123c69', '#7a2e1d', '#3d2c5e', '#1f6f78', '#8a5a00', '#4b5d23', '#6b2f4f', '#2c5f2d', '#5b3a29', '#264653', '#9c4221'];
export const AVATAR_COUNT = AVATAR_COLORS.length;

/** A round avatar: a coloured disc, a star motif and a head-and-shoulders silhouette. */
export function avatarSvg(n: number): string {
  const bg = AVATAR_COLORS[(n - 1) % AVATAR_COLORS.length]!;
  const scarf = n % 2 === 0;
  const figure = scarf
    ? '<path d="M64 30c-15 0-25 11-25 26 0 9 3 16 8 21-13 5-22 15-24 29a56 56 0 0 0 82 0c-2-14-11-24-24-29 5-5 8-12 8-21 0-15-10-26-25-26z" fill="#f4efe6"/>'
    : '<circle cx="64" cy="52" r="20" fill="#f4efe6"/><path d="M24 110c4-20 20-32 40-32s36 12 40 32a56 56 0 0 1-80 0z" fill="#f4efe6"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
  <clipPath id="c"><circle cx="64" cy="64" r="64"/></clipPath>
  <g clip-path="url(#c)">
    <rect width="128" height="128" fill="${bg}"/>
    <path d="${star8(64, 64, 58)}" fill="#ffffff" fill-opacity="0.08"/>
    ${figure}
  </g>
</svg>
`;
}

export function tajweedChartSvg(): string {
  const rules: [string, string, string][] = [
    ['#d62828', 'Madd', 'مدّ'], ['#2a9d8f', 'Ghunnah', 'غُنّة'], ['#f4a261', 'Ikhfa', 'إخفاء'],
    ['#6a4c93', 'Idgham', 'إدغام'], ['#1d3557', 'Qalqalah', 'قلقلة'], ['#8ab17d', 'Iqlab', 'إقلاب'],
  ];
  const rows = rules
    .map(([c, en, ar], i) => {
      const y = 110 + i * 62;
      return `<rect x="40" y="${y}" width="560" height="50" rx="8" fill="#ffffff" stroke="#e0d6c2"/>
  <rect x="40" y="${y}" width="16" height="50" rx="4" fill="${c}"/>
  <text x="76" y="${y + 32}" font-family="Segoe UI, Arial, sans-serif" font-size="22" fill="#222">${en}</text>
  <text x="580" y="${y + 34}" text-anchor="end" font-family="Amiri, 'Noto Naskh Arabic', serif" font-size="28" fill="${c}">${ar}</text>`;
    })
    .join('\n  ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="500" viewBox="0 0 640 500">
  <rect width="640" height="500" fill="#fbf6ea"/>
  <path d="${star8(600, 48, 30)}" fill="#d4af37" fill-opacity="0.5"/>
  <text x="40" y="64" font-family="Segoe UI, Arial, sans-serif" font-size="30" font-weight="700" fill="#0f5132">Tajweed colour chart</text>
  ${rows}
</svg>
`;
}

export function homeworkSvg(): string {
  const lines = Array.from({ length: 9 }, (_, i) => `<line x1="40" x2="560" y1="${120 + i * 44}" y2="${120 + i * 44}" stroke="#b8d4e8" stroke-width="1.5"/>`).join('\n  ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="540" viewBox="0 0 600 540">
  <rect width="600" height="540" fill="#fffdf7"/>
  <line x1="80" x2="80" y1="0" y2="540" stroke="#f2a7a7" stroke-width="2"/>
  ${lines}
  <text x="100" y="70" font-family="'Comic Sans MS', 'Segoe Print', cursive" font-size="26" fill="#1d3557">Homework — Surah Al-Mulk 1–5</text>
  <text x="550" y="150" text-anchor="end" font-family="Amiri, 'Noto Naskh Arabic', serif" font-size="30" fill="#222">تَبَارَكَ الَّذِي بِيَدِهِ <tspan fill="#d62828">الْمُلْكُ</tspan></text>
  <text x="550" y="238" text-anchor="end" font-family="Amiri, 'Noto Naskh Arabic', serif" font-size="30" fill="#222">وَهُوَ عَلَىٰ كُلِّ <tspan fill="#2a9d8f">شَيْءٍ</tspan> قَدِيرٌ</text>
  <text x="550" y="326" text-anchor="end" font-family="Amiri, 'Noto Naskh Arabic', serif" font-size="30" fill="#222">الَّذِي خَلَقَ <tspan fill="#f4a261">الْمَوْتَ</tspan> وَالْحَيَاةَ</text>
  <text x="100" y="480" font-family="'Comic Sans MS', 'Segoe Print', cursive" font-size="22" fill="#0f5132">✓ red: madd · green: ghunnah · orange: ikhfa</text>
</svg>
`;
}

// --- PNG ---------------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** Encodes an RGB image (`pixel(x, y)` → [r, g, b]) as a PNG. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A mushaf-like page: cream paper, green and gold frame, rows of "script". */
export function mushafPagePng(): Buffer {
  const W = 360;
  const H = 480;
  return encodePng(W, H, (x, y) => {
    const edge = Math.min(x, y, W - 1 - x, H - 1 - y);
    if (edge < 10) return [15, 81, 50];
    if (edge < 14) return [212, 175, 55];
    if (edge < 18) return [251, 245, 230];
    if (edge < 20) return [15, 81, 50];
    const row = Math.floor((y - 40) / 28);
    const inRow = (y - 40) % 28;
    if (y > 40 && y < H - 40 && row < 15 && inRow >= 10 && inRow <= 15) {
      // words: dashes of varying length, right-aligned text block
      const seed = (row * 7919) % 97;
      const pos = (W - 40 - x + seed) % 53;
      if (x > 40 && x < W - 40 && pos > 6) return inRow === 12 || inRow === 13 ? [40, 40, 40] : [90, 90, 90];
    }
    return [251, 245, 230];
  });
}

/** A bank transfer receipt (the manual payment's attachment). */
export function receiptPng(): Buffer {
  const W = 300;
  const H = 420;
  return encodePng(W, H, (x, y) => {
    if (y < 60) return [18, 60, 105];
    if (y > 90 && y < 330 && x > 24 && x < W - 24) {
      const r = (y - 90) % 32;
      if (r >= 12 && r <= 16) return x < 140 ? [150, 150, 150] : x > 180 ? [30, 30, 30] : [255, 255, 255];
    }
    if (y > 350 && y < 380 && x > 24 && x < 190) return [15, 130, 80];
    return [255, 255, 255];
  });
}

// --- WAV ---------------------------------------------------------------------------------------

/** A mono 16-bit PCM WAV (RIFF) of the given samples in [-1, 1]. */
export function encodeWav(samples: Float32Array, sampleRate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), i * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16); // fmt chunk size
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * 2, 28); // byte rate
  h.writeUInt16LE(2, 32); // block align
  h.writeUInt16LE(16, 34); // bits per sample
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/** A short melodic phrase of sine tones with soft attacks and a gentle vibrato, like a hummed recitation. */
export function toneWav(notes: [hz: number, seconds: number][], sampleRate = 8000): Buffer {
  const total = notes.reduce((s, [, d]) => s + d, 0);
  const out = new Float32Array(Math.ceil(total * sampleRate));
  let i = 0;
  let phase = 0;
  for (const [hz, d] of notes) {
    const n = Math.round(d * sampleRate);
    for (let k = 0; k < n && i < out.length; k++, i++) {
      const t = k / sampleRate;
      const env = Math.min(1, t / 0.04) * Math.min(1, (d - t) / 0.08);
      const f = hz * (1 + 0.006 * Math.sin(2 * Math.PI * 5.5 * t));
      phase += (2 * Math.PI * f) / sampleRate;
      out[i] = 0.45 * env * (Math.sin(phase) + 0.25 * Math.sin(2 * phase) + 0.1 * Math.sin(3 * phase));
    }
  }
  return encodeWav(out, sampleRate);
}

export const AUDIO_CLIPS: Record<string, [number, number][]> = {
  'recitation-1.wav': [[293.7, 0.45], [329.6, 0.3], [349.2, 0.6], [329.6, 0.3], [293.7, 0.7], [261.6, 0.35], [293.7, 0.8]],
  'recitation-2.wav': [[220, 0.4], [246.9, 0.4], [261.6, 0.7], [293.7, 0.35], [261.6, 0.35], [246.9, 0.9]],
  'correction-1.wav': [[196, 0.5], [220, 0.3], [233.1, 0.9], [220, 0.6]],
};

/** Writes every generated file under `publicDir` (course-images/, avatars/, media/). Returns the paths written. */
export function writeDemoAssets(publicDir: string): string[] {
  const written: string[] = [];
  const put = (rel: string, content: string | Buffer) => {
    const file = path.join(publicDir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    written.push(file);
  };
  for (const c of COURSES) put(`course-images/${c.slug}.svg`, courseCardSvg(c.name, c.category));
  for (let n = 1; n <= AVATAR_COUNT; n++) put(`avatars/${n}.svg`, avatarSvg(n));
  put('media/tajweed-chart.svg', tajweedChartSvg());
  put('media/homework-al-mulk.svg', homeworkSvg());
  put('media/mushaf-page.png', mushafPagePng());
  put('media/transfer-receipt.png', receiptPng());
  for (const [name, notes] of Object.entries(AUDIO_CLIPS)) put(`media/${name}`, toneWav(notes));
  return written;
}
