import { MAX_FILES_PER_UPLOAD, MAX_IMAGE_BYTES } from '#domain/media/rules.ts'
import { badRequest, Refusal } from '#server/kernel/index.ts'

/** One file of an upload form and the alt texts sent with it. */
export interface FormUpload {
  readonly bytes: Uint8Array
  readonly alt: Partial<Record<string, string>>
}

/** What no alt text holds (as the JSON bodies' wire limits, src/contract/wire.ts). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

const isAltRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every(
    (text) => typeof text === 'string' && text.length <= 300 && !CONTROL.test(text),
  )

/**
 * Reads an upload's multipart form (docs/decisions/081-media-storage.md): `file` (one) or
 * `files` (several), and `alt`, JSON: an object of alt texts per language, or for several files
 * an array of them in the files' order. A body that is no such form is 400 invalidInput; a file
 * over the size limit is 413 imageTooLarge, before its bytes are looked at.
 */
export async function readUploadForm(request: Request, many: boolean): Promise<FormUpload[]> {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    throw badRequest('The body must be multipart/form-data.', 'invalidInput')
  }
  const files = form.getAll(many ? 'files' : 'file').filter((part) => part instanceof File)
  if (files.length === 0 || (!many && files.length > 1) || files.length > MAX_FILES_PER_UPLOAD) {
    const most = many ? MAX_FILES_PER_UPLOAD : 1
    throw badRequest(`Send from 1 to ${most} files.`, 'invalidInput')
  }
  const alts = parseAlts(form.get('alt'), files.length, many)
  const uploads: FormUpload[] = []
  for (const [index, file] of files.entries()) {
    if (file.size > MAX_IMAGE_BYTES) {
      throw new Refusal(413, 'imageTooLarge', `A file is over ${MAX_IMAGE_BYTES} bytes.`)
    }
    uploads.push({ bytes: new Uint8Array(await file.arrayBuffer()), alt: alts[index] ?? {} })
  }
  return uploads
}

/** The alt texts of each file; none sent reads as none written (then refused as altMissing). */
function parseAlts(field: FormDataEntryValue | null, count: number, many: boolean) {
  if (field === null) return []
  let value: unknown
  try {
    value = typeof field === 'string' ? JSON.parse(field) : undefined
  } catch {
    value = undefined
  }
  const list = many ? value : [value]
  if (!Array.isArray(list) || list.length !== count || !list.every(isAltRecord)) {
    throw badRequest('alt must be JSON alt texts per language, one per file.', 'invalidInput')
  }
  return list
}
