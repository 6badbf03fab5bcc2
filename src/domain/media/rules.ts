/**
 * The media library's pure rules (docs/decisions/081-media-storage.md): what an upload may be,
 * which files it becomes and under which keys. The server applies them; the studio reads the
 * same limits to refuse early.
 */

/** The widths the site's pages draw images at (src/components: 400, 800, 1200, 1600). */
export const MEDIA_WIDTHS = [400, 800, 1200, 1600] as const

/** One file's bytes at most: a phone photo fits, a RAW or a video does not. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024

/**
 * Pixels at most: a small file that decodes into gigabytes (a decompression bomb) is refused
 * from its header, before any pixel is decoded. 50 megapixels is above every phone camera.
 */
export const MAX_IMAGE_PIXELS = 50_000_000

/** Files in one POST /api/upload/images. */
export const MAX_FILES_PER_UPLOAD = 5

/** The raster formats the bytes may be (the declared type and the name are never believed). */
export type SniffedFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'svg'

/** A stored variant's format: the modern two, and the fallback every browser reads. */
export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png' | 'svg'

export const MIME: Readonly<Record<VariantFormat | SniffedFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  svg: 'image/svg+xml',
}

const EXTENSION: Readonly<Record<VariantFormat, string>> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
  png: 'png',
  svg: 'svg',
}

const startsWith = (bytes: Uint8Array, at: number, signature: readonly number[]) =>
  signature.every((byte, i) => bytes[at + i] === byte)
const ascii = (bytes: Uint8Array, at: number, text: string) =>
  startsWith(
    bytes,
    at,
    [...text].map((ch) => ch.charCodeAt(0)),
  )

/** The image format the bytes are, from their magic numbers; undefined: not an image we take. */
export function sniffImage(bytes: Uint8Array): SniffedFormat | undefined {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'gif'
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'webp'
  if (ascii(bytes, 4, 'ftyp') && (ascii(bytes, 8, 'avif') || ascii(bytes, 8, 'avis'))) return 'avif'
  return looksLikeSvg(bytes) ? 'svg' : undefined
}

/** An XML text whose first element is <svg> (a BOM, an XML declaration and comments allowed). */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096))
  const rest = head
    .replace(/^\ufeff/, '')
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/^(?:\s*<!--[\s\S]*?-->)*/, '')
    .replace(/^\s*<!DOCTYPE\s+svg[^>[]*>/i, '')
    .replace(/^(?:\s*<!--[\s\S]*?-->)*/, '')
  return /^\s*<svg[\s>]/i.test(rest)
}

/**
 * Why an SVG text may not be kept, or undefined: scripts, event handlers, javascript: links,
 * external references (images, fonts, styles, entities) and embedded HTML. Such an SVG is
 * refused, not cleaned: a cleaned file is not what the salon drew, and they can export again.
 */
export function svgProblem(text: string): string | undefined {
  const rules: ReadonlyArray<[RegExp, string]> = [
    [/<!ENTITY|<!DOCTYPE[^>]*\[/i, 'entity'],
    [/<script[\s>/]/i, 'script'],
    [/\son[a-z]+\s*=/i, 'event handler'],
    [/javascript\s*:|data\s*:\s*text\/html/i, 'javascript link'],
    [/<foreignObject[\s>/]/i, 'foreignObject'],
    [/(?:xlink:)?href\s*=\s*["']\s*(?!#)[^"']*["']/i, 'external reference'],
    [/url\(\s*["']?\s*(?!#)[^)"'\s]/i, 'external reference'],
    [/@import/i, 'external reference'],
    [/<(?:iframe|embed|object)[\s>/]/i, 'embedded document'],
  ]
  return rules.find(([pattern]) => pattern.test(text))?.[1]
}

/** The widths one image is stored at: the pages' widths below its own, then its own (capped). */
export function widthsFor(width: number): number[] {
  const top = Math.min(width, MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1] ?? width)
  return [...MEDIA_WIDTHS.filter((w) => w < top), top]
}

/** The fallback format of a raster source: a JPEG stays one, anything else becomes a PNG. */
export function fallbackFormat(source: Exclude<SniffedFormat, 'svg'>): 'jpeg' | 'png' {
  return source === 'jpeg' ? 'jpeg' : 'png'
}

/** A folder name (the spec's optional ?dir): lowercase words, 'images' when none is given. */
export const DIR_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/
export const DEFAULT_DIR = 'images'

/**
 * An object's key: the company first (every company's files under its own prefix), the
 * folder, the content hash (so a key never names two contents and may be cached for ever),
 * then the width and format.
 */
export function mediaKey(
  companyId: number,
  dir: string,
  hash: string,
  width: number,
  format: VariantFormat,
): string {
  return `c${companyId}/${dir}/${hash}-${width}.${EXTENSION[format]}`
}

/** Whether a key is one mediaKey could have made (the serving route checks before reading). */
export const MEDIA_KEY_PATTERN =
  /^c\d{1,10}\/[a-z0-9-]{1,40}\/[0-9a-f]{16,64}-\d{1,5}\.(?:avif|webp|jpg|png|svg)$/

/** The languages of `languages` whose alt text is missing or blank. */
export function missingAlt(
  alt: Readonly<Partial<Record<string, string>>>,
  languages: readonly string[],
): string[] {
  return languages.filter((code) => (alt[code] ?? '').trim() === '')
}

export interface StoredVariant {
  readonly width: number
  readonly format: VariantFormat
  readonly url: string
}

/** `srcset` of one format's variants, narrowest first. */
export function srcsetOf(variants: readonly StoredVariant[], format: VariantFormat): string {
  return variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ')
}

/** Who may change the library (docs/decisions/072-studio-roles.md): not a practitioner. */
export function mayWriteMedia(role: 'owner' | 'manager' | 'practitioner'): boolean {
  return role !== 'practitioner'
}
