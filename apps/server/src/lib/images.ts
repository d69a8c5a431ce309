import { AVATAR_SIZE_PX, LOGO_MAX_SIZE_PX, type ImageContentType } from '@hireloop/contract/files';

/** The image type the bytes start with, or null: the name and the declared type are never trusted. */
export function sniffImageType(bytes: Buffer): ImageContentType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

export type ImagePurpose = 'avatar' | 'logo';
export type ProcessedImage = {
  bytes: Buffer;
  contentType: 'image/png' | 'image/webp';
  extension: 'png' | 'webp';
  width: number;
  height: number;
};

/** Decompression bombs: a 2 MB file may still claim gigapixels. */
export const MAX_INPUT_PIXELS = 40_000_000;

export class ImageDecodeError extends Error {}
export class ImageTooLargeError extends Error {}

/**
 * Re-encodes an uploaded image: turned upright by its EXIF orientation, metadata dropped, and
 * resized. Avatars become a 256×256 WebP (cropped to cover the square); logos a PNG fitted
 * inside 512×512 (never enlarged, transparency kept). Animated GIFs keep their first frame.
 * sharp is loaded on first use, so a server that never receives an image never loads libvips.
 */
export async function processImage(input: Buffer, purpose: ImagePurpose): Promise<ProcessedImage> {
  const { default: sharp } = await import('sharp');
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  let meta;
  try {
    meta = await image.metadata();
  } catch (error) {
    throw new ImageDecodeError((error as Error).message);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new ImageTooLargeError('too many pixels');
  try {
    const pipeline = image.rotate();
    const { data, info } =
      purpose === 'avatar'
        ? await pipeline
            .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention' })
            .webp({ quality: 85 })
            .toBuffer({ resolveWithObject: true })
        : await pipeline
            .resize(LOGO_MAX_SIZE_PX, LOGO_MAX_SIZE_PX, { fit: 'inside', withoutEnlargement: true })
            .png({ compressionLevel: 9 })
            .toBuffer({ resolveWithObject: true });
    return purpose === 'avatar'
      ? { bytes: data, contentType: 'image/webp', extension: 'webp', width: info.width, height: info.height }
      : { bytes: data, contentType: 'image/png', extension: 'png', width: info.width, height: info.height };
  } catch (error) {
    throw new ImageDecodeError((error as Error).message);
  }
}
