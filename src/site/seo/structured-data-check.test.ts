import { describe, expect, it } from 'vitest'
import { parseQuad, schemaOrgVocabulary, vocabularyOf } from '#support/schema-vocabulary'
import { jsonLdScripts, structuredDataFailures } from '#support/structured-data'

/**
 * The check the site's JSON-LD is held to (docs/decisions/060-structured-data.md): the schema.org
 * vocabulary read from its N-Quads, and each kind of mistake refused.
 */

const S = 'http://schema.org/'
const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#'
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#'

describe('the schema.org vocabulary from N-Quads', () => {
  it('reads IRIs and literals with escapes, languages and datatypes', () => {
    expect(parseQuad(`<${S}a> <${RDFS}comment> "say \\"hi\\" <b>"@en <${S}> .`)).toEqual([
      `${S}a`,
      `${RDFS}comment`,
      '"say \\"hi\\" <b>"@en',
    ])
    expect(parseQuad(`_:b1 <${S}p> "1"^^<http://x/int> <${S}> .`)?.[0]).toBe('_:b1')
    expect(parseQuad('# a comment')).toBeUndefined()
  })

  it('turns classes and properties into the graph form the validator reads', () => {
    const nq = [
      `<${S}Spa> <${RDF}type> <${RDFS}Class> <${S}> .`,
      `<${S}Spa> <${RDFS}subClassOf> <${S}Place> <${S}> .`,
      `<${S}sauna> <${RDF}type> <${RDF}Property> <${S}> .`,
      `<${S}sauna> <${S}domainIncludes> <${S}Spa> <${S}> .`,
      `<${S}sauna> <${S}supersededBy> <${S}amenity> <${S}> .`,
    ].join('\n')
    const vocabulary = vocabularyOf(nq)
    expect(vocabulary.graph['@graph']).toEqual([
      { '@id': `${S}Spa`, '@type': 'rdfs:Class', 'rdfs:subClassOf': [{ '@id': `${S}Place` }] },
      {
        '@id': `${S}sauna`,
        '@type': 'rdf:Property',
        'schema:domainIncludes': [{ '@id': `${S}Spa` }],
      },
    ])
    expect(vocabulary.parents.get('Spa')).toEqual(['Place'])
    expect(vocabulary.superseded.has('sauna')).toBe(true)
  })

  it('holds the whole installed schema.org, with the business types the site uses', () => {
    const vocabulary = schemaOrgVocabulary()
    expect(vocabulary.parents.size).toBeGreaterThan(800)
    expect(vocabulary.parents.get('DaySpa')).toEqual(['HealthAndBeautyBusiness'])
    expect(vocabulary.parents.get('HealthAndBeautyBusiness')).toEqual(['LocalBusiness'])
    expect(vocabulary.terms.has(`${S}MobileWebPlatform`)).toBe(true)
  })
})

const page = (...nodes: unknown[]) =>
  nodes.map((n) => `<script type="application/ld+json">${JSON.stringify(n)}</script>`).join('')
const ctx = { '@context': 'https://schema.org' }
const ADDRESS = { '@type': 'PostalAddress', addressLocality: 'Lyon' }

describe('the structured data check', () => {
  it('accepts valid JSON-LD and finds every script of a page', async () => {
    const html = `<head>${page(
      { ...ctx, '@type': 'DaySpa', name: 'Spa', address: ADDRESS },
      { ...ctx, '@type': 'Organization', name: 'Co', sameAs: ['https://x.example'] },
    )}</head>`
    expect(jsonLdScripts(html)).toHaveLength(2)
    expect(await structuredDataFailures(html)).toEqual([])
  })

  it.each([
    ['an unknown type', { ...ctx, '@type': 'Salon', name: 'x' }, 'not a valid schema.org type'],
    ['an unknown property', { ...ctx, '@type': 'Organization', name: 'x', rating: 5 }, 'rating'],
    ['a property of another type', { ...ctx, '@type': 'Organization', name: 'x', geo: {} }, 'geo'],
    // Google requires the address of a LocalBusiness; a subtype is checked as one
    ['a business without address', { ...ctx, '@type': 'HairSalon', name: 'x' }, 'address'],
    [
      'a product without offers',
      { ...ctx, '@type': 'Product', name: 'p', image: 'https://i' },
      'offers',
    ],
    ['a nested node without type', { ...ctx, '@type': 'DaySpa', name: 'x', address: {} }, '@type'],
    [
      'a misspelt enumeration',
      {
        ...ctx,
        '@type': 'DaySpa',
        name: 'x',
        address: ADDRESS,
        openingHoursSpecification: {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: 'https://schema.org/Mondy',
        },
      },
      'Mondy',
    ],
    [
      'a superseded property',
      { ...ctx, '@type': 'DaySpa', name: 'x', address: ADDRESS, branchOf: { '@id': 'o' } },
      'branchOf',
    ],
    ['no schema.org context', { '@type': 'Organization', name: 'x' }, '@context'],
  ])('refuses %s', async (_, node, message) => {
    const found = await structuredDataFailures(page(node))
    expect(found.join('\n')).toContain(message)
  })

  it('refuses a script that is not JSON', async () => {
    const found = await structuredDataFailures('<script type="application/ld+json">{"a":</script>')
    expect(found).toHaveLength(1)
  })
})
