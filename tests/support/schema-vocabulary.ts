import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The schema.org vocabulary read from @vocabulary/schema's N-Quads (schema.org's own
 * schemaorg-current file), turned into the JSON-LD graph form @adobe/structured-data-validator
 * reads: rdfs:Class entries with rdfs:subClassOf, rdf:Property entries with
 * schema:domainIncludes. Nothing is listed by hand, so a type or property schema.org does not
 * define fails the checks of docs/decisions/060-structured-data.md.
 */

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'
const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'
const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class'
const SUB_CLASS_OF = 'http://www.w3.org/2000/01/rdf-schema#subClassOf'
const DOMAIN_INCLUDES = 'http://schema.org/domainIncludes'
const SUPERSEDED_BY = 'http://schema.org/supersededBy'
const SCHEMA = 'http://schema.org/'

type IdRef = { '@id': string }
export type VocabularyEntry =
  | { '@id': string; '@type': 'rdfs:Class'; 'rdfs:subClassOf': IdRef[] }
  | { '@id': string; '@type': 'rdf:Property'; 'schema:domainIncludes': IdRef[] }

export interface Vocabulary {
  graph: { '@graph': VocabularyEntry[] }
  /** every IRI schema.org describes: classes, properties, enumeration members */
  terms: ReadonlySet<string>
  /** short name -> its direct superclasses' short names */
  parents: ReadonlyMap<string, readonly string[]>
  /** short names of terms schema.org replaced (schema:supersededBy) */
  superseded: ReadonlySet<string>
}

// one term of a quad: <iri>, _:blank or a literal with its escapes, language or datatype
const TERM = /\s*(<[^>]*>|_:\S+|"(?:[^"\\]|\\.)*"(?:@[\w-]+|\^\^<[^>]*>)?)/y

/** The subject, predicate and object of one N-Quads line (IRIs without brackets). */
export function parseQuad(line: string): [string, string, string] | undefined {
  const terms: string[] = []
  TERM.lastIndex = 0
  for (let i = 0; i < 3; i++) {
    const match = TERM.exec(line)
    if (!match?.[1]) return undefined
    const term = match[1]
    terms.push(term.startsWith('<') ? term.slice(1, -1) : term)
  }
  const [s, p, o] = terms
  return s && p && o ? [s, p, o] : undefined
}

const short = (iri: string) => (iri.startsWith(SCHEMA) ? iri.slice(SCHEMA.length) : iri)

/** The vocabulary graph of an N-Quads text. */
export function vocabularyOf(nquads: string): Vocabulary {
  const types = new Map<string, Set<string>>()
  const links = new Map<string, { sub: string[]; domain: string[] }>()
  const superseded = new Set<string>()
  const linksOf = (s: string) => {
    const entry = links.get(s) ?? { sub: [], domain: [] }
    links.set(s, entry)
    return entry
  }
  for (const line of nquads.split('\n')) {
    const quad = parseQuad(line)
    if (!quad) continue
    const [s, p, o] = quad
    if (p === RDF_TYPE) types.set(s, (types.get(s) ?? new Set()).add(o))
    else if (p === SUB_CLASS_OF) linksOf(s).sub.push(o)
    else if (p === DOMAIN_INCLUDES) linksOf(s).domain.push(o)
    else if (p === SUPERSEDED_BY) superseded.add(short(s))
  }
  const graph: VocabularyEntry[] = []
  const parents = new Map<string, string[]>()
  for (const [iri, typeSet] of types) {
    const { sub, domain } = links.get(iri) ?? { sub: [], domain: [] }
    const ids = (list: string[]) => list.map((id) => ({ '@id': id }))
    if (typeSet.has(RDFS_CLASS)) {
      graph.push({ '@id': iri, '@type': 'rdfs:Class', 'rdfs:subClassOf': ids(sub) })
      parents.set(short(iri), sub.map(short))
    }
    if (typeSet.has(RDF_PROPERTY)) {
      graph.push({ '@id': iri, '@type': 'rdf:Property', 'schema:domainIncludes': ids(domain) })
    }
  }
  return { graph: { '@graph': graph }, terms: new Set(types.keys()), parents, superseded }
}

let cached: Vocabulary | undefined

/** schema.org as installed (@vocabulary/schema), read once per process. */
export function schemaOrgVocabulary(): Vocabulary {
  if (!cached) {
    const file = fileURLToPath(import.meta.resolve('@vocabulary/schema/schema.nq'))
    cached = vocabularyOf(readFileSync(file, 'utf8'))
  }
  return cached
}
