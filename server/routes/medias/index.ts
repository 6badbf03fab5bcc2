import { mediaCalls } from '#contract/calls/media.ts'
import { DEFAULT_DIR, MEDIA_KEY_PATTERN, mayWriteMedia } from '#domain/media/rules.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { handle, type RouteInput, type RouteSpec } from '#server/http/route.ts'
import { forbidden, notFound } from '#server/kernel/index.ts'
import {
  deleteMedia,
  listMedia,
  prepareUpload,
  readMediaFile,
  resolveMedia,
  saveUpload,
  updateMediaAlt,
} from '#server/services/media/index.ts'
import type { Staff } from '#server/services/orders/index.ts'
import { readUploadForm } from './form.ts'

/**
 * The media library (docs/decisions/081-media-storage.md): the company's pictures, for its
 * company users; a practitioner reads, the owner and managers write (decision 072).
 */
async function requireWriter(staff: () => Promise<Staff>): Promise<void> {
  const { scope } = await staff()
  if (!mayWriteMedia(scope.role)) throw forbidden('A practitioner may not change the library.')
}

/** The stored files: a content-hashed key is cached for a year and never revalidated. */
const FILE_PATH = '/media/:key{.+}'
/** An SVG opened directly runs on this origin: no script, no origin (as the /storage route). */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

const fileRoute: RouteSpec = {
  path: FILE_PATH,
  register(app) {
    app.get(FILE_PATH, async (c) => {
      const key = c.req.param('key')
      if (!MEDIA_KEY_PATTERN.test(key)) throw notFound('No such file.')
      const file = await readMediaFile(c.var.deps, key)
      if (!file) throw notFound('No such file.')
      return c.body(new Uint8Array(file.body), 200, {
        'content-type': file.contentType,
        'cache-control': file.cacheControl,
        'x-content-type-options': 'nosniff',
        'content-security-policy': IMAGE_CSP,
      })
    })
  },
}

type UploadInput = RouteInput<
  typeof mediaCalls.uploadImage | typeof mediaCalls.uploadImages,
  CompanyRow
>

/** Every file checked and encoded before the first is stored: a refusal writes nothing. */
async function upload({ c, company, query, staff }: UploadInput, many: boolean) {
  await requireWriter(staff)
  const form = await readUploadForm(c.req.raw, many)
  const dir = query.dir ?? DEFAULT_DIR
  const prepared = []
  for (const file of form) prepared.push(await prepareUpload(company, { dir, ...file }))
  const saved = []
  for (const file of prepared) saved.push(await saveUpload(c.var.deps, company, file))
  return saved
}

export const mediasRoutes: RouteSpec[] = [
  fileRoute,
  handle(mediaCalls.list, async ({ c, company, query }) =>
    listMedia(c.var.deps, company.id, query),
  ),
  handle(mediaCalls.uploadImage, async (input) => {
    const [saved] = await upload(input, false)
    if (!saved) throw new Error('an upload of one file saved none')
    return saved
  }),
  handle(mediaCalls.uploadImages, (input) => upload(input, true)),
  handle(mediaCalls.updateAlt, async ({ c, company, params, body, staff }) => {
    await requireWriter(staff)
    return updateMediaAlt(c.var.deps, company, params.id, body.alt)
  }),
  // public, for the site build (decision 091): only what a page's addresses already name
  handle(mediaCalls.resolve, async ({ c, company, body }) =>
    resolveMedia(c.var.deps, company.id, body.urls),
  ),
  handle(mediaCalls.remove, async ({ c, company, params, staff }) => {
    await requireWriter(staff)
    await deleteMedia(c.var.deps, company.id, params.id)
    return { ok: true as const }
  }),
]
