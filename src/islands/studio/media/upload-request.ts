import { errorFromResponse } from '#api/error-body'
import { invalidResponse, unavailable } from '#api/errors'
import type { CallDef } from '#contract/call'
import { type Media, media } from '#contract/media'
import { islandRequest } from '#islands/shared/island-api'

/**
 * Sends one picture and its alt texts as the upload call's multipart form
 * (docs/decisions/081-media-storage.md), through XMLHttpRequest: fetch says nothing of an
 * upload's progress. A refusal is normalised as the client's calls are (src/api/error-body.ts).
 */
export function sendUpload(
  def: Pick<CallDef, 'group' | 'auth' | 'path'>,
  file: File,
  alt: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<Media> {
  const { url, headers } = islandRequest(def)
  const form = new FormData()
  form.append('file', file)
  form.append('alt', JSON.stringify(alt))
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    headers.forEach((value, name) => {
      if (name !== 'accept' && name !== 'content-type') xhr.setRequestHeader(name, value)
    })
    xhr.setRequestHeader('accept', 'application/json')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onerror = () => reject(unavailable(new Error('upload failed')))
    xhr.onload = () => {
      let body: unknown
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = undefined
      }
      if (xhr.status !== 200) return reject(errorFromResponse(def.group, xhr.status, body))
      const parsed = media.safeParse(body)
      if (parsed.success) resolve(parsed.data)
      else reject(invalidResponse(xhr.status, body))
    }
    xhr.send(form)
  })
}
