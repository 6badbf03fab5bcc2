/** One rendered e-mail of the preview: its kind, language, file name and calendar method. */
export interface PreviewFile {
  readonly kind: string
  readonly locale: string
  /** `<kind>.<locale>`: the .html, .txt (and .ics) beside the index */
  readonly base: string
  /** PUBLISH or CANCEL when the message attaches the visit */
  readonly ics: string | undefined
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  )

/**
 * The preview's index page: one row per kind, one cell per language with its HTML, text and
 * calendar file. A developer's page (English, no catalog): it is not shipped.
 */
export function previewIndex(host: string, files: readonly PreviewFile[]): string {
  const kinds = [...new Set(files.map((file) => file.kind))]
  const locales = [...new Set(files.map((file) => file.locale))]
  const cell = (file: PreviewFile | undefined) => {
    if (!file) return '<td></td>'
    const base = escapeHtml(file.base)
    const ics = file.ics ? ` · <a href="${base}.ics">.ics (${escapeHtml(file.ics)})</a>` : ''
    return `<td><a href="${base}.html">HTML</a> · <a href="${base}.txt">text</a>${ics}</td>`
  }
  const rows = kinds.map((kind) => {
    const cells = locales.map((locale) =>
      cell(files.find((file) => file.kind === kind && file.locale === locale)),
    )
    return `<tr><th scope="row">${escapeHtml(kind)}</th>${cells.join('')}</tr>`
  })
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>E-mails of ${escapeHtml(host)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}td,th{padding:.4rem .8rem;text-align:left;border-bottom:1px solid #ddd}</style>
</head>
<body>
<h1>E-mails of ${escapeHtml(host)}</h1>
<p>Every kind in every language, as the notifier renders them (npm run mail:preview). <code>{{secret}}</code> marks where a message's secret goes: it is filled in at delivery.</p>
<table>
<thead><tr><th>kind</th>${locales.map((l) => `<th scope="col">${escapeHtml(l)}</th>`).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</body>
</html>
`
}
