/** Uploaded images (avatars, organisation logos): one set of limits for server and web. */

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** What the server accepts, checked by the file's first bytes (not its name or declared type). */
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

/** Avatars are cropped to this square; logos are fitted inside this square, never enlarged. */
export const AVATAR_SIZE_PX = 256;
export const LOGO_MAX_SIZE_PX = 512;

export const IMAGE_ERRORS = {
  missing: 'Choose an image to upload.',
  notAnImage: 'The file must be a PNG, JPEG, WebP or GIF image.',
  tooLarge: 'The image may not be larger than 2 MB.',
  tooManyPixels: 'The image is too large to process; use one under 40 megapixels.',
} as const;
