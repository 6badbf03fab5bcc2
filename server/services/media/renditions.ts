import sharp, { type Metadata } from 'sharp'
import {
  fallbackFormat,
  MAX_IMAGE_PIXELS,
  type SniffedFormat,
  sniffImage,
  svgProblem,
  type VariantFormat,
  widthsFor,
} from '#domain/media/rules.ts'
import { badRequest, Refusal } from '#server/kernel/index.ts'

/** One file to store: its width and format, and its bytes. */
export interface Rendition {
  readonly width: number
  readonly format: VariantFormat
  readonly body: Uint8Array
}

export interface Renditions {
  readonly type: SniffedFormat
  readonly width: number
  readonly height: number
  readonly files: Rendition[]
}

/**
 * Encoder settings measured once (docs/decisions/081-media-storage.md): AVIF at a low effort
 * (the slowest encoder by far), quality where photos show no banding at their width.
 */
const ENCODE = {
  avif: { quality: 55, effort: 2 },
  webp: { quality: 78, effort: 4 },
  jpeg: { quality: 80, mozjpeg: true },
  png: { compressionLevel: 9, palette: false },
} as const

/**
 * Checks one upload's bytes and makes its files: refuses what is not an image (by its bytes),
 * has too many pixels (read from the header before decoding) or is a scripted SVG; keeps an SVG
 * as it is; encodes a raster at each width in AVIF, WebP and the fallback.
 */
export async function renditionsOf(bytes: Uint8Array): Promise<Renditions> {
  const type = sniffImage(bytes)
  if (type === undefined) throw badRequest('The file is not an image.', 'notAnImage')
  if (type === 'svg') {
    const problem = svgProblem(new TextDecoder().decode(bytes))
    if (problem) throw badRequest(`The SVG carries a ${problem}.`, 'svgScripted')
  }
  const { width, height } = await dimensions(bytes)
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new Refusal(
      413,
      'imageTooManyPixels',
      `The image has more than ${MAX_IMAGE_PIXELS} pixels.`,
    )
  }
  if (type === 'svg') return { type, width, height, files: [{ width, format: 'svg', body: bytes }] }
  const fallback = fallbackFormat(type)
  const widths = widthsFor(width)
  // decoded once, upright, at the widest width kept; every variant is encoded from these pixels
  const base = await decode(bytes, widths.at(-1) ?? width)
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels }
  const files: Rendition[] = []
  for (const w of widths) {
    for (const format of ['avif', 'webp', fallback] as const) {
      const body = await sharp(base.data, { raw })
        .resize({ width: w })
        .toFormat(format, ENCODE[format])
        .toBuffer()
      files.push({ width: w, format, body })
    }
  }
  return { type, width, height, files }
}

/** A header that reads but pixels that do not (a truncated file) are not an image either. */
async function decode(bytes: Uint8Array, width: number) {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw badRequest('The file is not a readable image.', 'notAnImage')
  }
}

/** The picture's size (turned upright as the EXIF says), or notAnImage when it cannot be read. */
async function dimensions(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  let meta: Metadata
  try {
    // no pixel limit here: the header is read, not the pixels, and the limit is ours to say
    meta = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw badRequest('The file is not a readable image.', 'notAnImage')
  }
  const { width, height, orientation } = meta
  if (!width || !height) throw badRequest('The file is not a readable image.', 'notAnImage')
  return orientation !== undefined && orientation >= 5
    ? { width: height, height: width }
    : { width, height }
}
