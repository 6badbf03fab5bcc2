/**
 * `npm run mail:preview [-- --tenant HOST]`: every kind of e-mail in every language for a demo
 * tenant (tenants/<host>/company.json, Maison Lumière by default), rendered by the product's own
 * templates (server/services/notifier/mail) from sample messages, written to
 * .data/mail-preview/<kind>.<locale>.html, .txt and .ics (when the message attaches the visit),
 * with an index.html listing them. `{{secret}}` marks where the message's secret (code, link
 * token) goes: the notifier fills it in at delivery. No database, no network.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { LOCALES } from '#i18n/locales.ts'
import type { CompanyRow, JsonObject } from '#server/db/schema/index.ts'
import { renderTemplate, sampleTemplates } from '#server/services/notifier/index.ts'
import { errorMessage, isHost, projectRoot } from '../shared/paths.ts'
import { type PreviewFile, previewIndex } from './preview-index.ts'

function tenantArg(argv: readonly string[]): string {
  const at = argv.indexOf('--tenant')
  const host = at >= 0 ? argv[at + 1] : 'maison-lumiere.localhost'
  if (!host || !isHost(host)) throw new Error('usage: npm run mail:preview [-- --tenant HOST]')
  return host
}

function readCompany(host: string): CompanyRow {
  const data = JSON.parse(
    readFileSync(join(projectRoot, 'tenants', host, 'company.json'), 'utf8'),
  ) as JsonObject
  const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback)
  return {
    id: 1,
    host,
    token: text(data.token, 'demo-token'),
    nickname: text(data.nickname, host),
    data,
    createdAt: new Date(),
    updatedAt: new Date(),
  }
}

async function main(): Promise<void> {
  const host = tenantArg(process.argv.slice(2))
  const company = readCompany(host)
  const out = join(projectRoot, '.data', 'mail-preview')
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  const files: PreviewFile[] = []
  const missing = new Set<string>()
  for (const locale of LOCALES) {
    for (const { kind, template } of sampleTemplates(company, locale)) {
      const mail = await renderTemplate(template, company, {
        onMissing: (key) => missing.add(`${locale}: ${key}`),
      })
      const base = `${kind}.${locale}`
      writeFileSync(join(out, `${base}.html`), mail.html)
      writeFileSync(join(out, `${base}.txt`), mail.text)
      const [invite] = mail.attachments
      if (invite) writeFileSync(join(out, `${base}.ics`), invite.content)
      files.push({ kind, locale, base, ics: invite?.method })
    }
  }
  writeFileSync(join(out, 'index.html'), previewIndex(host, files))
  console.log(`mail:preview: ${files.length} e-mails of ${host} written to ${out}`)
  console.log(`mail:preview: open ${join(out, 'index.html')}`)
  if (missing.size > 0) {
    console.error(`mail:preview: texts missing from a catalog: ${[...missing].join(', ')}`)
    process.exitCode = 1
  }
}

main().catch((error: unknown) => {
  console.error(`mail:preview: ${errorMessage(error)}`)
  process.exitCode = 1
})
