/**
 * The API reference as one HTML page rendered from the OpenAPI document: a list of calls per
 * resource, each opening (details/summary, keyboard-accessible, no script) onto its parameters,
 * body and answer schemas. Plain HTML so it needs no third-party script and runs under a
 * policy that allows none.
 */
type Json = Record<string, unknown>

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const block = (title: string, value: unknown) =>
  value === undefined
    ? ''
    : `<h4>${escapeHtml(title)}</h4><pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`

function operationHtml(method: string, path: string, op: Json): string {
  const body = (op.requestBody as Json | undefined)?.content
  const ok = (op.responses as Record<string, Json>)['200']?.content
  return `<details id="${escapeHtml(String(op.operationId))}"><summary><code class="m">${method.toUpperCase()}</code> <code>${escapeHtml(path)}</code> <span>${escapeHtml(String(op.summary))}</span></summary>${block('Parameters', op.parameters)}${block('Body', body)}${block('Answer', ok)}</details>`
}

export function referencePage(doc: Json): string {
  const byTag = new Map<string, string[]>()
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = String((op.tags as string[] | undefined)?.[0] ?? 'other')
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)])
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([tag, ops]) =>
        `<section><h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join('')}</section>`,
    )
    .join('')
  const info = doc.info as Json
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(String(info.title))} reference</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem}summary{cursor:pointer;padding:.25rem 0}.m{display:inline-block;min-width:4rem;font-weight:700}pre{background:#f4f4f4;padding:.5rem;overflow:auto}</style></head><body><h1>${escapeHtml(String(info.title))} ${escapeHtml(String(info.version))}</h1><p>${escapeHtml(String(info.description))} The machine-readable document is <a href="/api/openapi.json">/api/openapi.json</a>.</p>${sections}</body></html>`
}
