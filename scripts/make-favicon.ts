/**
 * Writes public/favicon.ico from public/favicon.svg: the same picture at 16, 32 and 48 px,
 * each a PNG inside one ICO file (every browser reads PNG entries), for clients that ask for
 * /favicon.ico by convention. The pages carry the SVG in their head as a data URL
 * (docs/decisions/380).
 *
 * Usage: node scripts/make-favicon.ts   (run again when the SVG changes; the ICO is committed)
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SIZES = [16, 32, 48];

/** An ICO file holding these PNG images (ICONDIR, one ICONDIRENTRY each, then the images). */
function icoOf(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // colours in the palette: none
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

async function main() {
  const svg = fs.readFileSync(path.join(root, "public/favicon.svg"));
  const images = await Promise.all(
    SIZES.map(async (size) => ({ size, png: await sharp(svg, { density: 72 * (size / 16) * 4 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer() })),
  );
  const ico = icoOf(images);
  fs.writeFileSync(path.join(root, "public/favicon.ico"), ico);
  console.log(`public/favicon.ico: ${ico.length} bytes (${SIZES.join(", ")} px)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
