/**
 * What a model may be shown: PNG or JPEG only, told by the bytes' own magic numbers (a data URL's
 * claimed type, or a file's name, proves nothing), at most MAX_IMAGE_BYTES each and MAX_IMAGES a
 * request. Every refusal says what is wrong and what is accepted, and comes before any call.
 */

import { decodeBase64, encodeBase64 } from './base64';

/** 4 MiB an image: a run's DAG drawn at twice its size is a few hundred KB; servers cap near 20 MB. */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
/** Images a request: a run's pictures (DAG, timeline) and a user's own, with room to spare. */
export const MAX_IMAGES = 4;

export type ImageType = 'image/png' | 'image/jpeg';

/** An image as the caller has it: a label for the record and its bytes. */
export interface LabelledImage {
  /** What the analysis record calls it ("dag.png", the user's file name). Never the bytes. */
  readonly label: string;
  readonly bytes: Uint8Array;
}

/** An image checked: its type sniffed from its bytes, ready to send as a data URL. */
export interface CheckedImage {
  readonly label: string;
  readonly type: ImageType;
  readonly bytes: number;
  readonly dataUrl: string;
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

/** The type the bytes are, by their magic number, or undefined for anything else. */
export function sniffImage(bytes: Uint8Array): ImageType | undefined {
  const starts = (magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);
  if (starts(PNG_MAGIC)) return 'image/png';
  if (starts(JPEG_MAGIC)) return 'image/jpeg';
  return undefined;
}

/** A refusal of the images, in words: what is wrong and what is accepted. */
export class ImageError extends Error {
  override readonly name = 'ImageError';
}

const ACCEPTED = `PNG or JPEG, at most ${mib(MAX_IMAGE_BYTES)} each, at most ${MAX_IMAGES} a request`;

/** The images checked in order, or an ImageError naming the first that is refused. */
export function checkImages(images: readonly LabelledImage[]): CheckedImage[] {
  if (images.length > MAX_IMAGES)
    throw new ImageError(
      `${images.length} images given; a request takes at most ${MAX_IMAGES} (${ACCEPTED})`,
    );
  return images.map(({ label, bytes }) => {
    if (bytes.length > MAX_IMAGE_BYTES)
      throw new ImageError(
        `${label} is ${mib(bytes.length)}, over the ${mib(MAX_IMAGE_BYTES)} limit of an image (${ACCEPTED})`,
      );
    const type = sniffImage(bytes);
    if (type === undefined)
      throw new ImageError(
        `${label} is not a PNG or JPEG image (its first bytes are ${hex(bytes)}); accepted: ${ACCEPTED}`,
      );
    return { label, type, bytes: bytes.length, dataUrl: `data:${type};base64,${encodeBase64(bytes)}` };
  });
}

const DATA_URL = /^data:([^;,]*)(;base64)?,(.*)$/s;

/**
 * The image URLs of a request checked the same way: each a base64 data URL (a model never fetches
 * a URL for us, so neither http nor any other scheme is sent) whose bytes are PNG or JPEG within
 * the limits, whatever type the URL claims. Returns the images' sizes in bytes.
 */
export function checkImageUrls(urls: readonly string[]): number[] {
  if (urls.length > MAX_IMAGES)
    throw new ImageError(`${urls.length} images given; a request takes at most ${MAX_IMAGES} (${ACCEPTED})`);
  return urls.map((url, i) => {
    const label = `image ${i + 1}`;
    const m = DATA_URL.exec(url);
    if (!m || m[2] === undefined)
      throw new ImageError(
        `${label} is not a base64 data URL (it starts "${url.slice(0, 24)}"); accepted: data:image/png;base64,… or data:image/jpeg;base64,…, ${ACCEPTED}`,
      );
    // Four characters carry three bytes: a URL far over the limit is refused before decoding it.
    if (((m[3] as string).length * 3) / 4 > MAX_IMAGE_BYTES + 3)
      throw new ImageError(`${label} is over the ${mib(MAX_IMAGE_BYTES)} limit of an image (${ACCEPTED})`);
    const bytes = decodeBase64(m[3] as string);
    if (bytes === undefined) throw new ImageError(`${label}: its data URL is not valid base64 (${ACCEPTED})`);
    return checkImages([{ label, bytes }])[0]?.bytes as number;
  });
}

function mib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

function hex(bytes: Uint8Array): string {
  const head = [...bytes.slice(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  return head === '' ? 'none: the file is empty' : head;
}
