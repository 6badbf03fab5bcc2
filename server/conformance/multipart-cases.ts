import type { CallDef } from '#contract/call.ts'
import type { CallOptions } from '#server/test/harness.ts'

/**
 * Malformed uploads for a multipart call (docs/decisions/081-media-storage.md), whose body the
 * JSON cases of fuzz-cases.ts cannot reach: no form, a broken boundary, no file, a file that is
 * no image, alt texts that are not JSON or carry a control character, a body over the limit.
 * None may be stored; each is a 4xx in the call's error shape.
 */
const BOUNDARY = 'fuzzboundary'
const FORM_TYPE = `multipart/form-data; boundary=${BOUNDARY}`

function form(parts: readonly { name: string; file?: string; type?: string; value: string }[]) {
  const lines = parts.flatMap((part) => [
    `--${BOUNDARY}`,
    `Content-Disposition: form-data; name="${part.name}"${part.file ? `; filename="${part.file}"` : ''}`,
    ...(part.type ? [`Content-Type: ${part.type}`] : []),
    '',
    part.value,
  ])
  return [...lines, `--${BOUNDARY}--`, ''].join('\r\n')
}

export function multipartCases(
  def: CallDef,
  ok: CallOptions,
): { name: string; options: CallOptions }[] {
  if (!def.multipart) return []
  const field = def.path.endsWith('/images') ? 'files' : 'file'
  const alt = (value: unknown) => {
    const one = JSON.stringify(value)
    return field === 'files' ? `[${one}]` : one
  }
  const asForm = (raw: string) => ({ ...ok, raw, headers: { 'content-type': FORM_TYPE } })
  const text = { name: field, file: 'x.jpg', type: 'image/jpeg', value: 'not an image' }
  return [
    { name: 'multipart: JSON instead of a form', options: { ...ok, json: { file: 'x' } } },
    {
      name: 'multipart: boundary not the one announced',
      options: {
        ...ok,
        raw: form([text]),
        headers: { 'content-type': 'multipart/form-data; boundary=other' },
      },
    },
    {
      name: 'multipart: no file',
      options: asForm(form([{ name: 'alt', value: alt({ fr: 'x' }) }])),
    },
    {
      name: 'multipart: a text file sent as a JPEG',
      options: asForm(form([text, { name: 'alt', value: alt({ fr: 'x' }) }])),
    },
    {
      name: 'multipart: alt not JSON',
      options: asForm(form([text, { name: 'alt', value: '{fr:' }])),
    },
    {
      name: 'multipart: NUL in an alt text',
      options: asForm(form([text, { name: 'alt', value: alt({ fr: 'a\u0000b' }) }])),
    },
    {
      name: 'multipart: over the upload limit',
      options: asForm('x'.repeat(def.multipart.maxBytes + 1)),
    },
  ]
}
