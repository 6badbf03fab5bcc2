import { createHash } from 'node:crypto'
import { and, count, desc, eq } from 'drizzle-orm'
import type { Media } from '#contract/media.ts'
import { MIME, mediaKey, missingAlt, srcsetOf, type VariantFormat } from '#domain/media/rules.ts'
import { enabledLocales } from '#i18n/paths.ts'
import type { Db } from '#server/db/client.ts'
import { type CompanyRow, type MediaVariantRow, medias } from '#server/db/schema/index.ts'
import { badRequest, notFound } from '#server/kernel/index.ts'
import type { ServiceDeps } from '#server/services/deps.ts'
import { type Renditions, renditionsOf } from './renditions.ts'
import { MEDIA_CACHE, mediaStore } from './store.ts'

type Deps = Pick<ServiceDeps, 'db' | 'config'>
type Row = typeof medias.$inferSelect
type Alt = Partial<Record<string, string>>

/** The company's languages (booker.langs): each needs an alt text. */
export function companyLanguages(company: CompanyRow): readonly string[] {
  const booker = company.data.booker as { langs?: Partial<Record<string, boolean>> } | undefined
  return enabledLocales(booker?.langs)
}

/** Refuses an alt record missing an enabled language; keeps only those languages, trimmed. */
function checkedAlt(company: CompanyRow, alt: Alt): Record<string, string> {
  const languages = companyLanguages(company)
  const missing = missingAlt(alt, languages)
  if (missing.length > 0) {
    throw badRequest(`Alt text missing in: ${missing.join(', ')}.`, 'altMissing')
  }
  return Object.fromEntries(languages.map((code) => [code, (alt[code] ?? '').trim()]))
}

const MODERN_FIRST: readonly VariantFormat[] = ['avif', 'webp', 'svg', 'jpeg', 'png']

export function mediaView(deps: Deps, row: Row): Media {
  const base = deps.config.media.publicBase
  const variants = row.variants.map((v) => ({
    width: v.width,
    format: v.format,
    url: `${base}/${v.key}`,
    bytes: v.bytes,
  }))
  const formats = MODERN_FIRST.filter((f) => variants.some((v) => v.format === f))
  const fallback = formats.at(-1) ?? 'png'
  const widest = variants.filter((v) => v.format === fallback).sort((a, b) => b.width - a.width)[0]
  return {
    id: row.id,
    dir: row.dir,
    type: MIME[row.type as VariantFormat] ?? row.type,
    width: row.width,
    height: row.height,
    url: widest?.url ?? '',
    sources: formats.map((format) => ({ type: MIME[format], srcset: srcsetOf(variants, format) })),
    variants,
    alt: row.alt,
    createdAt: row.createdAt.toISOString(),
  }
}

/** An upload checked and encoded, nothing written yet. */
export interface PreparedUpload {
  readonly dir: string
  readonly hash: string
  readonly alt: Record<string, string>
  readonly made: Renditions
}

/**
 * Checks one upload (alt texts, then the bytes) and makes its files in memory: every upload of
 * a request is prepared before any is stored, so a refusal of one writes nothing.
 */
export async function prepareUpload(
  company: CompanyRow,
  input: { dir: string; bytes: Uint8Array; alt: Alt },
): Promise<PreparedUpload> {
  const alt = checkedAlt(company, input.alt)
  const made = await renditionsOf(input.bytes)
  const hash = createHash('sha256').update(input.bytes).digest('hex').slice(0, 32)
  return { dir: input.dir, hash, alt, made }
}

/**
 * Stores a prepared upload: its files first, then its row, so a row always names stored files.
 * The same bytes in the same folder are the same media: its alt texts are replaced.
 */
export async function saveUpload(
  deps: Deps,
  company: CompanyRow,
  upload: PreparedUpload,
): Promise<Media> {
  const { dir, hash, alt, made } = upload
  const store = mediaStore(deps.config.media)
  const variants: MediaVariantRow[] = []
  for (const file of made.files) {
    const key = mediaKey(company.id, dir, hash, file.width, file.format)
    await store.put(key, file.body, MIME[file.format])
    variants.push({ width: file.width, format: file.format, key, bytes: file.body.byteLength })
  }
  const [row] = await deps.db
    .insert(medias)
    .values({
      companyId: company.id,
      dir,
      hash,
      type: made.type,
      width: made.width,
      height: made.height,
      variants,
      alt,
    })
    .onConflictDoUpdate({
      target: [medias.companyId, medias.dir, medias.hash],
      set: { alt, updatedAt: new Date() },
    })
    .returning()
  if (!row) throw new Error('media insert returned nothing')
  return mediaView(deps, row)
}

export async function listMedia(
  deps: Deps,
  companyId: number,
  query: { page: number; itemPerPage: number; dir?: string | undefined },
) {
  const where = and(
    eq(medias.companyId, companyId),
    query.dir === undefined ? undefined : eq(medias.dir, query.dir),
  )
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(medias)
      .where(where)
      .orderBy(desc(medias.createdAt), desc(medias.id))
      .limit(query.itemPerPage)
      .offset((query.page - 1) * query.itemPerPage),
    deps.db.select({ n: count() }).from(medias).where(where),
  ])
  return {
    items: rows.map((row) => mediaView(deps, row)),
    total: total?.n ?? 0,
    page: query.page,
    itemPerPage: query.itemPerPage,
  }
}

async function findMedia(db: Db, companyId: number, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(medias)
    .where(and(eq(medias.companyId, companyId), eq(medias.id, id)))
  if (!row) throw notFound('No such media.')
  return row
}

export async function updateMediaAlt(
  deps: Deps,
  company: CompanyRow,
  id: string,
  input: Alt,
): Promise<Media> {
  const alt = checkedAlt(company, input)
  await findMedia(deps.db, company.id, id)
  const [row] = await deps.db
    .update(medias)
    .set({ alt, updatedAt: new Date() })
    .where(and(eq(medias.companyId, company.id), eq(medias.id, id)))
    .returning()
  if (!row) throw notFound('No such media.')
  return mediaView(deps, row)
}

/** Deletes the row, then its files (a file left behind by a crash is only unused bytes). */
export async function deleteMedia(deps: Deps, companyId: number, id: string): Promise<void> {
  const row = await findMedia(deps.db, companyId, id)
  await deps.db.delete(medias).where(and(eq(medias.companyId, companyId), eq(medias.id, id)))
  await mediaStore(deps.config.media).delete(row.variants.map((v) => v.key))
}

/** A stored file's bytes and headers, for the /media route; undefined when there is none. */
export async function readMediaFile(deps: Deps, key: string) {
  const ext = key.slice(key.lastIndexOf('.') + 1)
  const format: VariantFormat = ext === 'jpg' ? 'jpeg' : (ext as VariantFormat)
  const body = await mediaStore(deps.config.media).get(key)
  return body && { body, contentType: MIME[format], cacheControl: MEDIA_CACHE }
}
