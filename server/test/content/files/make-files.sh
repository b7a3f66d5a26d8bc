#!/bin/sh
# Makes the photo files the content tests upload. Run from the repository root; needs exiftool
# (Debian: libimage-exiftool-perl). The phone photo's metadata is written by exiftool, not by us:
# a 1600 × 1200 JPEG whose left half is red and right half blue, stored sideways with EXIF
# Orientation 6 (shown turned 90° clockwise, as a phone held upright writes it), GPS position,
# camera make and model.
set -e
dir=server/test/content/files
node --input-type=module -e "
import sharp from 'sharp';
const w = 1600, h = 1200, px = Buffer.alloc(w * h * 3);
for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
  const i = (y * w + x) * 3;
  if (x < w / 2) px[i] = 220; else px[i + 2] = 220;
  px[i + 1] = (x * 7 + y * 3) % 40;
}
await sharp(px, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 90 }).toFile('$dir/phone-rotated-gps.jpg');
await sharp(px, { raw: { width: w, height: h, channels: 3 } }).resize(800).png().toFile('$dir/photo.png');
await sharp(px, { raw: { width: w, height: h, channels: 3 } }).resize(500).webp().toFile('$dir/photo.webp');
"
exiftool -q -overwrite_original -n -Orientation=6 -Make=Apple -Model='iPhone 13' \
  -GPSLatitude=41.3874 -GPSLatitudeRef=N -GPSLongitude=2.1686 -GPSLongitudeRef=E \
  -DateTimeOriginal='2025:06:14 10:21:33' "$dir/phone-rotated-gps.jpg"
# A real HEIC, written by libheif's encoder (Debian: libheif-examples, heif-enc with x265), from a
# 400 px copy of the phone photo: the upload refuses it with the message on getting a JPEG.
node --input-type=module -e "
import sharp from 'sharp';
await sharp('$dir/phone-rotated-gps.jpg').resize(400).toFile('/tmp/phone-small.jpg');
"
heif-enc -q 50 -o "$dir/phone.heic" /tmp/phone-small.jpg
