import Validator, {
  type ExtractedData,
  type ValidationIssue,
} from '@adobe/structured-data-validator'
import BaseValidator from '@adobe/structured-data-validator/src/types/base.js'
import { schemaOrgVocabulary, type Vocabulary } from './schema-vocabulary'

/**
 * A page's JSON-LD checked as search engines read it (docs/decisions/060-structured-data.md):
 * @adobe/structured-data-validator with the installed schema.org vocabulary (unknown types are
 * its errors, unknown properties its schemaOrg warnings) and Google's required properties per
 * type, plus what it leaves out: a handler applies to the subtypes schema.org derives from its
 * type (a DaySpa is checked as the LocalBusiness it is), every nested node is typed, every
 * schema.org IRI value (dayOfWeek, actionPlatform) is a term schema.org defines, and no term
 * schema.org has superseded is used.
 */

export type Issue = ValidationIssue

/** Google's required properties of a LocalBusiness and its subtypes, which the package lacks. */
class LocalBusinessRequirements extends BaseValidator {
  override getConditions() {
    return [this.required('name', 'string'), this.required('address', 'object')]
  }
}

let validator: Validator | undefined

function schemaValidator(vocabulary: Vocabulary): Validator {
  if (validator) return validator
  const made = new Validator(vocabulary.graph)
  const handlers = made.registeredHandlers
  handlers.LocalBusiness = [async () => ({ default: LocalBusinessRequirements })]
  const own = new Set(Object.keys(handlers))
  for (const type of vocabulary.parents.keys()) {
    if (own.has(type)) continue
    // the nearest ancestors that have handlers: a subtype keeps its own rules when it has some
    const seen = new Set<string>()
    let level = [...(vocabulary.parents.get(type) ?? [])]
    while (level.length > 0) {
      const handled = level.filter((t) => own.has(t))
      if (handled.length > 0) {
        handlers[type] = handled.flatMap((t) => handlers[t] ?? [])
        break
      }
      for (const t of level) seen.add(t)
      level = [...new Set(level.flatMap((t) => vocabulary.parents.get(t) ?? []))].filter(
        (t) => !seen.has(t),
      )
    }
  }
  validator = made
  return made
}

const LD_SCRIPT = /<script\b[^>]*\btype=["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi

/** The text of every <script type="application/ld+json"> of a page. */
export function jsonLdScripts(html: string): string[] {
  return [...html.matchAll(LD_SCRIPT)].map((m) => m[1] ?? '')
}

type Node = Record<string, unknown>
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v)
const typesOf = (node: Node): string[] => {
  const type = node['@type']
  return (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string')
}

/** What the checks of the package leave out, over one root and everything below it. */
function ownIssues(root: Node, vocabulary: Vocabulary): Issue[] {
  const issues: Issue[] = []
  const fail = (issueMessage: string) => issues.push({ issueMessage, severity: 'ERROR' })
  const context = root['@context']
  if (context !== 'https://schema.org' && context !== 'http://schema.org') {
    fail(`@context is ${JSON.stringify(context)}, not schema.org`)
  }
  const walk = (value: unknown, where: string): void => {
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        walk(v, `${where}[${i}]`)
      })
      return
    }
    if (typeof value === 'string' && /^https?:\/\/schema\.org\//.test(value)) {
      const term = value.replace(/^https:/, 'http:')
      if (!vocabulary.terms.has(term)) fail(`${where}: ${value} is not a schema.org term`)
      return
    }
    if (!isNode(value)) return
    const keys = Object.keys(value).filter((k) => k !== '@context')
    const reference = keys.length === 1 && keys[0] === '@id'
    if (!reference && typesOf(value).length === 0) fail(`${where}: a node without @type`)
    for (const name of [...typesOf(value), ...keys]) {
      if (vocabulary.superseded.has(name)) fail(`${where}: ${name} is superseded in schema.org`)
    }
    for (const key of keys) if (!key.startsWith('@')) walk(value[key], `${where}.${key}`)
  }
  walk(root, typesOf(root)[0] ?? 'root')
  return issues
}

/** Every issue (errors and warnings) of some JSON-LD texts, as one page carries them. */
export async function jsonLdIssues(texts: readonly string[]): Promise<Issue[]> {
  const vocabulary = schemaOrgVocabulary()
  const data: ExtractedData = { jsonld: {}, microdata: {}, rdfa: {}, errors: [] }
  const own: Issue[] = []
  for (const text of texts) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (error) {
      data.errors.push({ format: 'jsonld', message: String(error), source: text })
      continue
    }
    const roots = Array.isArray(parsed) ? parsed : [parsed]
    for (const root of roots) {
      if (!isNode(root)) {
        own.push({ issueMessage: `a root that is not an object: ${text}`, severity: 'ERROR' })
        continue
      }
      own.push(...ownIssues(root, vocabulary))
      const rootType = typesOf(root)[0] ?? 'untyped'
      const items = data.jsonld[rootType] ?? []
      items.push(root)
      data.jsonld[rootType] = items
    }
  }
  return [...own, ...(await schemaValidator(vocabulary).validate(data))]
}

/** What fails a page: an error, or a type or property schema.org does not define. */
export const isFailure = (issue: Issue) =>
  issue.severity === 'ERROR' || issue.errorType === 'schemaOrg'

/** The failures of a page's JSON-LD, as readable lines (empty when it validates). */
export async function structuredDataFailures(html: string): Promise<string[]> {
  return (await jsonLdIssues(jsonLdScripts(html))).filter(isFailure).map(describeIssue)
}

export function describeIssue(issue: Issue): string {
  const path = (issue.path ?? []).map((p) => p.property ?? p.type ?? '').join('.')
  return `${issue.severity} ${path ? `${path}: ` : ''}${issue.issueMessage}`
}
