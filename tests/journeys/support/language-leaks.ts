import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { flattenCatalog } from '#i18n/flatten'
import { LOCALES, type Locale } from '#i18n/locales'

/**
 * The language sweep's detector (docs/product/1-overview.md: every screen in the visitor's
 * language). It looks for words that belong to another language than the page's, in four ways,
 * each precise rather than clever:
 * - catalog phrases: a phrase of another language's catalog that no message of the page's
 *   language contains ("Votre panier est vide." on an English page);
 * - the API's messages: the English `message` of a refusal (server/), which is for developers
 *   (docs/api/errors.md) and must never reach a visitor, plus what a script prints when it
 *   renders a value it did not mean to ("undefined", "[object Object]");
 * - catalog keys shown instead of their message ("booking.slotChosen");
 * - hard-coded French or English: a line with two function words of the other language;
 * - the tenant's text of another language where the tenant gives the page's language too.
 * Otherwise the tenant's own text (tenants/, which the demo API serves) is the tenant's words:
 * lines that are tenant text are skipped by the other checks.
 */

const ROOT = new URL('../../../', import.meta.url).pathname

export interface PageText {
  /** `<html lang>` */
  readonly lang: string
  readonly title: string
  /** document.body.innerText: what is visible */
  readonly text: string
  /** aria-label, title, placeholder and alt values */
  readonly attributes: readonly string[]
}

export interface Leak {
  readonly kind: 'lang' | 'catalog' | 'server' | 'key' | 'words' | 'tenant'
  readonly text: string
  readonly why: string
}

const normalize = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
const fold = (text: string) => normalize(text).toLowerCase()
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const LETTERS = /\p{L}/gu
const letterCount = (text: string) => text.match(LETTERS)?.length ?? 0
/** Placeholders split a message; punctuation and spaces around the pieces are not the words. */
const EDGES = /^[\s\p{P}\p{S}\d]+|[\s\p{P}\p{S}\d]+$/gu

function catalog(locale: Locale): Record<string, string> {
  const file = join(ROOT, 'src/i18n/messages', `${locale}.json`)
  return { ...flattenCatalog(JSON.parse(readFileSync(file, 'utf8'))) }
}

/** The literal pieces of a message, placeholders cut out: 'Retirer {name} du panier' -> 2 pieces. */
function piecesOf(message: string): string[] {
  return message
    .split(/\{[^}]*\}/)
    .map((piece) => normalize(piece.replace(EDGES, '')))
    .filter((piece) => letterCount(piece) >= 4)
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path, keep)
    return keep(name) ? [path] : []
  })
}

const isLocalized = (node: object): node is Partial<Record<Locale, string>> =>
  'fr' in node &&
  Object.entries(node).every(([k, v]) => LOCALES.includes(k as Locale) && typeof v === 'string')

/**
 * The tenant's texts given in several languages ({ fr, en, ... } in tenants/): for each page
 * language, the values of the other languages that differ from every value of its own (a French
 * service name on an English page is the tenant's words, in the wrong language).
 */
function tenantTranslations(): Record<Locale, Map<string, Locale>> {
  const found = Object.fromEntries(LOCALES.map((l) => [l, new Map<string, Locale>()])) as Record<
    Locale,
    Map<string, Locale>
  >
  const own = Object.fromEntries(LOCALES.map((l) => [l, new Set<string>()])) as Record<
    Locale,
    Set<string>
  >
  const objects: Partial<Record<Locale, string>>[] = []
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk)
    else if (node && typeof node === 'object') {
      if (isLocalized(node)) objects.push(node)
      else Object.values(node).forEach(walk)
    }
  }
  for (const file of filesUnder(join(ROOT, 'tenants'), (name) => name.endsWith('.json')))
    walk(JSON.parse(readFileSync(file, 'utf8')))
  for (const object of objects)
    for (const [l, value] of Object.entries(object)) own[l as Locale].add(fold(value ?? ''))
  for (const object of objects) {
    for (const page of LOCALES) {
      if (object[page] === undefined) continue
      for (const [other, value] of Object.entries(object)) {
        const folded = fold(value ?? '')
        if (other === page || letterCount(folded) < 6 || folded.includes('<')) continue
        if (!own[page].has(folded)) found[page].set(folded, other as Locale)
      }
    }
  }
  return found
}

/** Every string of the demo tenants' data, markup removed, one segment per block. */
function tenantSegments(): Set<string> {
  const segments = new Set<string>()
  const walk = (node: unknown): void => {
    if (typeof node === 'string') {
      const text = node
        .replace(/<[^>]*>/g, '\n')
        .replace(/&nbsp;/g, ' ')
        .replace(/&amp;/g, '&')
        .replace(/&#39;|&apos;/g, "'")
        .replace(/&quot;/g, '"')
      for (const line of text.split(/\n+/)) if (fold(line)) segments.add(fold(line))
      segments.add(fold(text))
    } else if (Array.isArray(node)) node.forEach(walk)
    else if (node && typeof node === 'object') Object.values(node).forEach(walk)
  }
  for (const file of filesUnder(join(ROOT, 'tenants'), (name) => name.endsWith('.json')))
    walk(JSON.parse(readFileSync(file, 'utf8')))
  return segments
}

/**
 * The messages the API's refusals carry (server/http/errors.ts helpers and `new Refusal`): the
 * literal text before any interpolation, two words at least.
 */
function serverMessages(): string[] {
  const call =
    /\b(?:badRequest|unauthorized|forbidden|notFound|conflict|tooManyRequests|new Refusal)\(\s*(?:\d+,\s*'[A-Za-z]+',\s*)?(['`])((?:(?!\1).)+)\1/g
  const found = new Set<string>()
  const files = filesUnder(
    join(ROOT, 'server'),
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
  )
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(call)) {
      const literal = normalize((match[2] ?? '').split('${')[0] ?? '').replace(/[.:]$/, '')
      if (literal.split(' ').length >= 2) found.add(literal)
    }
  }
  return [...found]
}

/** Shown when a script renders a value it did not mean to, in any language. */
const SCRIPT_ARTEFACTS = ['undefined', 'NaN', '[object Object]', 'Failed to fetch']

/**
 * Function words of one language that the others do not use (two distinct ones make a line
 * suspect): not 'du' nor 'des', which German has too.
 */
const FUNCTION_WORDS: Partial<Record<Locale, readonly string[]>> = {
  fr: [
    'votre',
    'vos',
    'vous',
    'nous',
    'avec',
    'cette',
    'sont',
    'une',
    'aux',
    'et',
    'est',
    'pas',
    'dans',
    'pour',
    'à',
    'au',
    'être',
    'ici',
  ],
  en: [
    'the',
    'your',
    'you',
    'with',
    'this',
    'please',
    'and',
    'are',
    'from',
    'have',
    'cannot',
    'of',
    'to',
    'for',
    'here',
    'our',
  ],
}

interface Against {
  /** foreign phrases of two words or more, matched anywhere in a line */
  readonly phrases: RegExp | null
  /** foreign single words, matched as a whole line or a whole attribute */
  readonly words: ReadonlyMap<string, string>
  /** which language each foreign phrase comes from */
  readonly origin: ReadonlyMap<string, Locale>
  readonly server: readonly string[]
  /** the tenant's texts of another language, where the tenant gives this page's too */
  readonly tenant: ReadonlyMap<string, Locale>
}

export interface Lexicon {
  readonly catalogs: Readonly<Record<Locale, Readonly<Record<string, string>>>>
  readonly keys: ReadonlySet<string>
  readonly tenant: ReadonlySet<string>
  /** long tenant segments, for lines that are part of one */
  readonly tenantLong: readonly string[]
  readonly against: Readonly<Record<Locale, Against>>
}

export function buildLexicon(): Lexicon {
  const catalogs = Object.fromEntries(LOCALES.map((l) => [l, catalog(l)])) as Record<
    Locale,
    Record<string, string>
  >
  const tenant = tenantSegments()
  const server = serverMessages()
  const translations = tenantTranslations()
  const against = {} as Record<Locale, Against>
  for (const page of LOCALES) {
    const own = Object.values(catalogs[page]).map(fold).join('\n')
    const origin = new Map<string, Locale>()
    const words = new Map<string, string>()
    for (const other of LOCALES) {
      if (other === page) continue
      for (const message of Object.values(catalogs[other])) {
        for (const piece of piecesOf(message)) {
          const folded = fold(piece)
          if (own.includes(folded) || origin.has(folded)) continue
          origin.set(folded, other)
          if (!folded.includes(' ')) words.set(folded, other)
        }
      }
    }
    const multi = [...origin.keys()]
      .filter((p) => p.includes(' '))
      .sort((a, b) => b.length - a.length)
    const phrases =
      multi.length === 0
        ? null
        : new RegExp(
            `(?<![\\p{L}\\p{N}])(?:${multi.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
            'u',
          )
    against[page] = {
      phrases,
      words,
      origin,
      // longest first: a line is reported once, with the message it shows
      server: server
        .filter((message) => !own.includes(fold(message)))
        .sort((a, b) => b.length - a.length),
      tenant: translations[page],
    }
  }
  const keys = new Set(LOCALES.flatMap((l) => Object.keys(catalogs[l])))
  const tenantLong = [...tenant].filter((segment) => segment.length >= 24)
  return { catalogs, keys, tenant, tenantLong, against }
}

function isTenantText(lexicon: Lexicon, line: string): boolean {
  const folded = fold(line)
  if (lexicon.tenant.has(folded)) return true
  return folded.length >= 12 && lexicon.tenantLong.some((segment) => segment.includes(folded))
}

function functionWordLeak(locale: Locale, line: string): string | null {
  const tokens = new Set(fold(line).split(/[^\p{L}']+/u))
  for (const [language, list] of Object.entries(FUNCTION_WORDS)) {
    if (language === locale) continue
    const hits = (list ?? []).filter((word) => tokens.has(word))
    if (hits.length >= 2) return `${language} words ${hits.join(', ')}`
  }
  return null
}

/** The leaks of one page in `locale`: what a visitor would read in another language. */
export function findLeaks(lexicon: Lexicon, locale: Locale, page: PageText): Leak[] {
  const leaks: Leak[] = []
  if (page.lang.split('-')[0] !== locale)
    leaks.push({ kind: 'lang', text: page.lang, why: `<html lang> is not ${locale}` })
  const { phrases, words, origin, server, tenant } = lexicon.against[locale]
  const own = new Set(Object.values(lexicon.catalogs[locale]).map(fold))
  const lines = [page.title, ...page.text.split('\n'), ...page.attributes]
    .map(normalize)
    .filter((line) => letterCount(line) > 0)
  for (const line of new Set(lines)) {
    const message = server.find((phrase) => line.includes(phrase))
    if (message) leaks.push({ kind: 'server', text: line, why: message })
    for (const artefact of SCRIPT_ARTEFACTS)
      if (new RegExp(`(?<![\\p{L}])${escapeRegExp(artefact)}(?![\\p{L}])`, 'u').test(line))
        leaks.push({ kind: 'server', text: line, why: `script artefact ${artefact}` })
    const key = line.match(/\b[a-z][a-zA-Z]*(?:\.[a-zA-Z]+)+\b/g)?.find((t) => lexicon.keys.has(t))
    if (key) leaks.push({ kind: 'key', text: line, why: `catalog key ${key}` })
    const parts = line.split(/\s[·|–—-]\s|,\s/).map(fold)
    const translated = [fold(line), ...parts].find((part) => tenant.has(part))
    if (translated)
      leaks.push({ kind: 'tenant', text: line, why: `the tenant's ${tenant.get(translated)} text` })
    if (own.has(fold(line)) || isTenantText(lexicon, line)) continue
    const bare = fold(line.replace(EDGES, ''))
    const word = words.get(bare)
    if (word) leaks.push({ kind: 'catalog', text: line, why: `${word} catalog word` })
    const phrase = phrases?.exec(fold(line))?.[0]
    if (phrase)
      leaks.push({ kind: 'catalog', text: line, why: `${origin.get(phrase)} catalog: "${phrase}"` })
    // a title joins tenant texts ('<post> · <company>'): only the parts that are not the tenant's
    const rest = line
      .split(/\s[·|–—-]\s/)
      .filter((part) => !isTenantText(lexicon, part))
      .join(' ')
    const foreign = !word && !phrase ? functionWordLeak(locale, rest) : null
    if (foreign) leaks.push({ kind: 'words', text: line, why: foreign })
  }
  return leaks
}
