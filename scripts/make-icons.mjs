#!/usr/bin/env node
// Generates Darsi's app icons (public/icons/*.png) and favicon (public/favicon.svg) with no dependency:
// a tiny vector rasteriser (polygon scan conversion on a 4×4 supersampled coverage mask) and a hand-written
// PNG encoder (zlib deflate + CRC-32). Run: `node scripts/make-icons.mjs`. The output is deterministic, so the
// committed PNGs only change when this file does.
//
// The logo: an indigo → teal diagonal gradient (#4c6ef5 → #12b886) under a white open book with three text
// lines per page. "any" icons are a rounded square on transparency; maskable icons and the Apple touch icon
// are full bleed, with the mark inside the maskable safe zone (a centred circle of 80 % of the width).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "public");

const FROM = hex("#4c6ef5");
const TO = hex("#12b886");
const SS = 4; // supersampling per axis

function hex(h) {
  const n = Number.parseInt(h.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

// ---------------------------------------------------------------- geometry (mark space: x, y in [-1, 1])

/** Points of a quadratic Bézier, excluding the start point. */
function quad(p0, c, p1, steps = 24) {
  const pts = [];
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    pts.push([u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0], u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1]]);
  }
  return pts;
}

/** The top edge of the left page as a function of x (same curve the text lines follow). */
const PAGE = { spineX: -0.055, outerX: -0.96, top: { spine: -0.5, ctrl: -0.74, outer: -0.6 }, bottom: { spine: 0.72, ctrl: 0.46, outer: 0.6 } };

function leftPage() {
  const { spineX, outerX, top, bottom } = PAGE;
  const pts = [[spineX, top.spine]];
  pts.push(...quad([spineX, top.spine], [(spineX + outerX) / 2, top.ctrl], [outerX, top.outer]));
  pts.push([outerX, bottom.outer]);
  pts.push(...quad([outerX, bottom.outer], [(spineX + outerX) / 2, bottom.ctrl], [spineX, bottom.spine]));
  return pts;
}

/** y on the page's top curve at a given parameter t (0 at the spine, 1 at the outer edge), shifted by dy. */
function topCurve(t, dy) {
  const { spineX, outerX, top } = PAGE;
  const u = 1 - t;
  const cx = (spineX + outerX) / 2;
  return [u * u * spineX + 2 * u * t * cx + t * t * outerX, u * u * top.spine + 2 * u * t * top.ctrl + t * t * top.outer + dy];
}

/** A text line: a band of given thickness following the top curve between t0 and t1, with round-ish ends. */
function textLine(dy, t0, t1, thickness) {
  const upper = [];
  const lower = [];
  const steps = 20;
  for (let i = 0; i <= steps; i++) {
    const t = t0 + ((t1 - t0) * i) / steps;
    const [x, y] = topCurve(t, dy);
    upper.push([x, y - thickness / 2]);
    lower.push([x, y + thickness / 2]);
  }
  return [...upper, ...lower.reverse()];
}

const mirror = (poly) => poly.map(([x, y]) => [-x, y]).reverse();

function bookShapes() {
  const page = leftPage();
  // Three lines per page, left-aligned on each page (t runs from the spine, 0, to the outer edge, 1).
  const th = 0.085;
  const rows = [0.36, 0.58, 0.8];
  const left = rows.map((dy, i) => textLine(dy, i === 2 ? 0.4 : 0.16, 0.84, th));
  const right = rows.map((dy, i) => mirror(textLine(dy, 0.16, i === 2 ? 0.6 : 0.84, th)));
  return {
    pages: [page, mirror(page)],
    lines: [...left, ...right],
  };
}

function roundedRect(x0, y0, x1, y1, r, steps = 16) {
  const pts = [];
  const corner = (cx, cy, a0) => {
    for (let i = 0; i <= steps; i++) {
      const a = a0 + (Math.PI / 2) * (i / steps);
      pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
    }
  };
  corner(x1 - r, y0 + r, -Math.PI / 2);
  corner(x1 - r, y1 - r, 0);
  corner(x0 + r, y1 - r, Math.PI / 2);
  corner(x0 + r, y0 + r, Math.PI);
  return pts;
}

// ---------------------------------------------------------------- rasteriser

/** Coverage (0..1 per pixel) of a set of polygons (non-zero winding), given in pixel coordinates. */
function coverage(size, polygons) {
  const W = size * SS;
  const acc = new Float32Array(size * size);
  const edges = [];
  for (const poly of polygons) {
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i];
      const b = poly[(i + 1) % poly.length];
      if (a[1] === b[1]) continue;
      edges.push(a[1] < b[1] ? [a[0] * SS, a[1] * SS, b[0] * SS, b[1] * SS, 1] : [b[0] * SS, b[1] * SS, a[0] * SS, a[1] * SS, -1]);
    }
  }
  const unit = 1 / (SS * SS);
  for (let sy = 0; sy < W; sy++) {
    const y = sy + 0.5;
    const xs = [];
    for (const [x0, y0, x1, y1, w] of edges) {
      if (y < y0 || y >= y1) continue;
      xs.push([x0 + ((y - y0) / (y1 - y0)) * (x1 - x0), w]);
    }
    if (xs.length < 2) continue;
    xs.sort((p, q) => p[0] - q[0]);
    let wind = 0;
    const row = Math.floor(sy / SS) * size;
    for (let i = 0; i < xs.length - 1; i++) {
      wind += xs[i][1];
      if (wind === 0) continue;
      const start = Math.max(0, Math.ceil(xs[i][0] - 0.5));
      const end = Math.min(W - 1, Math.ceil(xs[i + 1][0] - 0.5) - 1);
      for (let sx = start; sx <= end; sx++) acc[row + Math.floor(sx / SS)] += unit;
    }
  }
  for (let i = 0; i < acc.length; i++) acc[i] = Math.min(1, acc[i]);
  return acc;
}

/** Renders one icon to RGBA. `bg` is "rounded" (rounded square on transparency) or "full" (full bleed). */
function render(size, { bg, markRadius }) {
  const rgba = new Uint8ClampedArray(size * size * 4);
  const px = (p) => p.map(([x, y]) => [size / 2 + x * markRadius * size, size / 2 + y * markRadius * size]);

  // Background: gradient, masked by the rounded square or full bleed.
  const inset = size * 0.03;
  const bgMask = bg === "full" ? null : coverage(size, [roundedRect(inset, inset, size - inset, size - inset, size * 0.22)]);
  const gradAt = (x, y) => {
    const t = Math.min(1, Math.max(0, (x + y) / (2 * size)));
    // Ease the mix a little so the middle is not muddy.
    const s = t * t * (3 - 2 * t);
    return [0, 1, 2].map((k) => FROM[k] + (TO[k] - FROM[k]) * s);
  };

  const { pages, lines } = bookShapes();
  const pageMask = coverage(size, pages.map(px));
  const lineMask = coverage(size, lines.map(px));
  // A soft shadow under the book: the page mask, offset down, at low opacity.
  const shadowMask = coverage(size, pages.map((p) => px(p).map(([x, y]) => [x, y + size * 0.018])));

  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      let [r, g, b] = gradAt(x + 0.5, y + 0.5);
      const sh = shadowMask[i] * 0.18;
      r *= 1 - sh;
      g *= 1 - sh;
      b *= 1 - sh;
      const pm = pageMask[i];
      r += (255 - r) * pm;
      g += (255 - g) * pm;
      b += (255 - b) * pm;
      // Text lines: the gradient colour again, slightly lighter, drawn on the page.
      const lm = lineMask[i] * pm * 0.55;
      const [lr, lg, lb] = gradAt(x + 0.5, y + 0.5);
      r += (lr - r) * lm;
      g += (lg - g) * lm;
      b += (lb - b) * lm;
      const a = bgMask ? bgMask[i] : 1;
      rgba[i * 4] = r;
      rgba[i * 4 + 1] = g;
      rgba[i * 4 + 2] = b;
      rgba[i * 4 + 3] = a * 255;
    }
  }
  return rgba;
}

// ---------------------------------------------------------------- PNG encoder

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf) {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Encodes 8-bit RGBA (or RGB when opaque) pixels as a PNG, filter "Paeth" on every row. */
export function encodePng(width, height, rgba) {
  let opaque = true;
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) opaque = false;
  const channels = opaque ? 3 : 4;
  const stride = width * channels;
  const raw = Buffer.alloc((stride + 1) * height);
  const line = Buffer.alloc(stride);
  const prev = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let k = 0; k < channels; k++) line[x * channels + k] = rgba[(y * width + x) * 4 + k];
    }
    const out = (stride + 1) * y;
    raw[out] = 4; // Paeth
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? line[i - channels] : 0;
      const b = prev[i];
      const c = i >= channels ? prev[i - channels] : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      raw[out + 1 + i] = (line[i] - pred) & 0xff;
    }
    line.copy(prev);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = opaque ? 2 : 6; // colour type: RGB or RGBA
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------- SVG favicon (same drawing, vector)

/** The two pages as an SVG path with real quadratic curves (mark space scaled by `scale`, centred on `c`). */
function svgBookPath(scale, c) {
  const f = (x, y) => `${Number((c + x * scale).toFixed(2))} ${Number((c + y * scale).toFixed(2))}`;
  const { spineX, outerX, top, bottom } = PAGE;
  const mid = (spineX + outerX) / 2;
  const page = (m) =>
    `M${f(m * spineX, top.spine)}Q${f(m * mid, top.ctrl)} ${f(m * outerX, top.outer)}` +
    `L${f(m * outerX, bottom.outer)}Q${f(m * mid, bottom.ctrl)} ${f(m * spineX, bottom.spine)}Z`;
  return page(1) + page(-1);
}

function favicon() {
  // Favicons are shown at 16–32 px: no text lines, a larger mark.
  const d = svgBookPath(0.36 * 64, 32);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#4c6ef5"/>
      <stop offset="1" stop-color="#12b886"/>
    </linearGradient>
  </defs>
  <rect x="2" y="2" width="60" height="60" rx="14" fill="url(#g)"/>
  <path fill="#fff" d="${d}"/>
</svg>
`;
}

// ---------------------------------------------------------------- main

const ICONS = [
  // "any": rounded square, mark about 60 % of the width.
  { file: "icons/icon-192.png", size: 192, bg: "rounded", markRadius: 0.3 },
  { file: "icons/icon-512.png", size: 512, bg: "rounded", markRadius: 0.3 },
  // maskable: full bleed; the mark's farthest corner stays well inside the 0.4-radius safe circle.
  { file: "icons/maskable-192.png", size: 192, bg: "full", markRadius: 0.27 },
  { file: "icons/maskable-512.png", size: 512, bg: "full", markRadius: 0.27 },
  // iOS masks the touch icon itself and shows transparency as black: full bleed.
  { file: "icons/apple-touch-icon.png", size: 180, bg: "full", markRadius: 0.28 },
];

function main() {
  mkdirSync(join(OUT, "icons"), { recursive: true });
  for (const icon of ICONS) {
    const png = encodePng(icon.size, icon.size, render(icon.size, icon));
    writeFileSync(join(OUT, icon.file), png);
    console.log(`public/${icon.file}  ${icon.size}×${icon.size}  ${png.length} bytes`);
  }
  writeFileSync(join(OUT, "favicon.svg"), favicon());
  console.log("public/favicon.svg");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
