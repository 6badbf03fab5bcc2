/**
 * The post preview token of the address, `?previewpost=<token>`
 * (docs/decisions/082-post-preview.md): the studio opens the post's future address with it. Any
 * other value is no token.
 */
const TOKEN = /^[\w-]{20,200}$/

export function postPreviewToken(search: string): string | undefined {
  const value = new URLSearchParams(search).get('previewpost')?.trim() ?? ''
  return TOKEN.test(value) ? value : undefined
}
