// A small PNG re-encoder for the documentation's screenshots (scripts/screenshots.mjs) and the app's icons
// (scripts/icons.mjs): reads an 8-bit RGB or RGBA PNG (what Chromium writes), reduces it to at most 256 colours
// and writes an indexed-colour PNG, which is usually a half to a third of the size. Node's zlib only; no image
// library. Deterministic: the same input gives the same bytes.
//
// The palette is chosen by popularity over colours rounded to 5 bits a channel (UI screenshots are mostly flat
// colours plus anti-aliased edges), and every pixel takes the nearest palette colour; no dithering. With
// `{alpha: true}` the alpha channel is kept too (rounded to 3 bits in the bins, exact means per bin, written as
// the palette's tRNS chunk): for icons with transparent corners.

import zlib from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buf) {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * Decodes a non-interlaced 8-bit RGB or RGBA PNG.
 * @param {Buffer} png
 * @returns {{width: number, height: number, rgb: Uint8Array, alpha: Uint8Array}} three bytes a pixel in rgb,
 *   one in alpha (255 everywhere for an RGB PNG)
 */
export function decodePng(png) {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let pos = 8;
  let width = 0, height = 0, colorType = -1;
  const idat = [];
  while (pos < png.length) {
    const len = png.readUInt32BE(pos);
    const type = png.toString('ascii', pos + 4, pos + 8);
    const data = png.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const bitDepth = data[8];
      colorType = data[9];
      if (bitDepth !== 8 || (colorType !== 2 && colorType !== 6) || data[12] !== 0) {
        throw new Error(`unsupported PNG (bit depth ${bitDepth}, colour type ${colorType}, interlace ${data[12]})`);
      }
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
    pos += 12 + len;
  }
  const bpp = colorType === 6 ? 4 : 3;
  const stride = width * bpp;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const cur = new Uint8Array(stride);
  const prev = new Uint8Array(stride);
  const rgb = new Uint8Array(width * height * 3);
  const alpha = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? cur[i - bpp] : 0;
      const b = prev[i];
      const c = i >= bpp ? prev[i - bpp] : 0;
      let v = line[i];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      cur[i] = v & 0xff;
    }
    for (let x = 0; x < width; x++) {
      rgb.set(cur.subarray(x * bpp, x * bpp + 3), (y * width + x) * 3);
      if (bpp === 4) alpha[y * width + x] = cur[x * 4 + 3];
    }
    prev.set(cur);
  }
  return { width, height, rgb, alpha };
}

/**
 * Re-encodes an RGB(A) PNG with a palette of at most 256 colours.
 * @param {Buffer} png
 * @param {{alpha?: boolean}} [options] alpha: keep the alpha channel (tRNS); else it is dropped
 * @returns {Buffer} the indexed-colour PNG
 */
export function toPng8(png, { alpha: keepAlpha = false } = {}) {
  const { width, height, rgb, alpha } = decodePng(png);
  const n = width * height;
  // popularity over bins of 5 bits a colour channel (and 3 of alpha); each bin's colour is the mean of its
  // pixels. Fully transparent pixels share one bin whatever their colour.
  const BINS = keepAlpha ? 1 << 18 : 1 << 15;
  const count = new Uint32Array(BINS);
  const sum = new Float64Array(BINS * 4);
  const bins = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const a = keepAlpha ? alpha[i] : 255;
    const r = a ? rgb[i * 3] : 0, g = a ? rgb[i * 3 + 1] : 0, b = a ? rgb[i * 3 + 2] : 0;
    let bin = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    if (keepAlpha) bin |= (a === 0 ? 0 : 1 + Math.min(6, a >> 5)) << 15;
    bins[i] = bin;
    count[bin]++;
    sum[bin * 4] += r;
    sum[bin * 4 + 1] += g;
    sum[bin * 4 + 2] += b;
    sum[bin * 4 + 3] += a;
  }
  const used = [];
  for (let bin = 0; bin < BINS; bin++) if (count[bin]) used.push(bin);
  used.sort((x, y) => count[y] - count[x] || x - y);
  const chosen = used.slice(0, 256);
  const palette = new Uint8Array(chosen.length * 3);
  const trns = new Uint8Array(chosen.length);
  chosen.forEach((bin, k) => {
    for (let c = 0; c < 3; c++) palette[k * 3 + c] = Math.round(sum[bin * 4 + c] / count[bin]);
    trns[k] = Math.round(sum[bin * 4 + 3] / count[bin]);
  });
  // each bin maps to its nearest palette colour (squared distance from the bin's mean, alpha weighted most)
  const map = new Int16Array(BINS).fill(-1);
  for (const bin of used) {
    const r = sum[bin * 4] / count[bin], g = sum[bin * 4 + 1] / count[bin], b = sum[bin * 4 + 2] / count[bin];
    const a = sum[bin * 4 + 3] / count[bin];
    let best = 0, bestD = Infinity;
    for (let k = 0; k < chosen.length; k++) {
      const dr = r - palette[k * 3], dg = g - palette[k * 3 + 1], db = b - palette[k * 3 + 2], da = a - trns[k];
      const d = 2 * dr * dr + 4 * dg * dg + 3 * db * db + 6 * da * da;
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    }
    map[bin] = best;
  }
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none (the usual choice for indexed images)
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = map[bins[y * width + x]];
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // indexed colour
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('PLTE', Buffer.from(palette)),
    ...(keepAlpha ? [chunk('tRNS', Buffer.from(trns))] : []),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
