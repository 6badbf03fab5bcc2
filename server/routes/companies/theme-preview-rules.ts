import { createHash, timingSafeEqual } from 'node:crypto'
import type { JsonObject } from '#server/db/schema/index.ts'

/**
 * The unpublished theme of a company (docs/decisions/064-error-page-preview-and-shop-times.md),
 * kept under a server-only key of the company's data: the theme and the hash of the token that
 * previews it, until it expires. The token itself is never stored, so reading the row does not
 * give it; it is compared in constant time. One theme per company: a newer one replaces it.
 */
export const THEME_PREVIEW_KEY = 'themePreview'

export interface StoredPreview {
  readonly tokenHash: string
  readonly themes: JsonObject
  readonly expiresAt: string
}

export const hashPreviewToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex')

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The stored preview of a company's data, when it has a well-formed one. */
function storedPreview(data: JsonObject): StoredPreview | undefined {
  const stored = data[THEME_PREVIEW_KEY]
  if (!isObject(stored)) return undefined
  const { tokenHash, themes, expiresAt } = stored
  if (typeof tokenHash !== 'string' || typeof expiresAt !== 'string' || !isObject(themes)) {
    return undefined
  }
  return { tokenHash, themes, expiresAt }
}

/**
 * The themes a `previewtheme` token previews: only the token of the stored preview, before it
 * expires. Any other token (the plain marker `1`, an old or a forged one) previews nothing.
 */
export function previewedThemes(
  data: JsonObject,
  token: string,
  now: Date,
): JsonObject | undefined {
  const stored = storedPreview(data)
  if (!stored || !(Date.parse(stored.expiresAt) > now.getTime())) return undefined
  const given = Buffer.from(hashPreviewToken(token), 'hex')
  const kept = Buffer.from(stored.tokenHash, 'hex')
  return given.length === kept.length && timingSafeEqual(given, kept) ? stored.themes : undefined
}

/** The company's data without its preview: what the published company is made of. */
export function withoutPreview(data: JsonObject): JsonObject {
  const { [THEME_PREVIEW_KEY]: _preview, ...published } = data
  return published
}
