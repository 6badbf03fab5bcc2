// Merges messages into the five catalogs in one read-modify-write per file, so several people
// (or helpers) adding keys at once never overwrite each other's work with a stale copy.
// Usage: node scripts/i18n/add-messages.mjs messages.json [--studio]
// (--studio writes the studio's own catalogs, src/i18n/studio, docs/decisions/071-studio-app.md)
// where messages.json is { "fr": { "booking.slot.title": "…" }, "en": { … }, de, es, it }.
// Existing keys are replaced; new keys are appended at the end of their section.
import { readFileSync, renameSync, writeFileSync } from 'node:fs'

const LOCALES = ['fr', 'en', 'de', 'es', 'it']
const args = process.argv.slice(2)
const folder = args.includes('--studio') ? 'studio' : 'messages'
const source = args.find((arg) => !arg.startsWith('--'))
const input = JSON.parse(readFileSync(source ?? '/dev/stdin', 'utf8'))
const missing = LOCALES.filter((locale) => typeof input[locale] !== 'object')
if (missing.length > 0) throw new Error(`messages for ${missing.join(', ')} are missing`)
const keys = (locale) => Object.keys(input[locale]).sort().join('\n')
for (const locale of LOCALES) {
  if (keys(locale) !== keys('fr')) throw new Error(`${locale} does not add the same keys as fr`)
}

for (const locale of LOCALES) {
  const file = new URL(`../../src/i18n/${folder}/${locale}.json`, import.meta.url)
  const catalog = JSON.parse(readFileSync(file, 'utf8'))
  for (const [dotted, value] of Object.entries(input[locale])) {
    const path = dotted.split('.')
    let node = catalog
    for (const part of path.slice(0, -1)) {
      if (node[part] === undefined) node[part] = {}
      if (typeof node[part] !== 'object') throw new Error(`${dotted}: ${part} is a message`)
      node = node[part]
    }
    node[path.at(-1)] = value
  }
  const temp = new URL(`${file.href}.${process.pid}.tmp`)
  writeFileSync(temp, `${JSON.stringify(catalog, null, 2)}\n`)
  renameSync(temp, file)
}
console.log(`added ${Object.keys(input.fr).length} messages to ${LOCALES.join(', ')}`)
