import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  defaultConsentLocale,
  formsForVisit,
  missingLanguages,
  nextVersionNumber,
  signedTextDigestInput,
  signerName,
  textFor,
  visitConsentState,
} from './rules'

const text = (title: string, body = 'body') => ({ title, body })

describe('consent versions', () => {
  it('requires the default language and refuses an empty language given', () => {
    expect(missingLanguages({ en: text('T') }, 'fr')).toEqual(['fr'])
    expect(missingLanguages({ fr: text('T'), de: text(' ') }, 'fr')).toEqual(['de'])
    expect(missingLanguages({ fr: text('T'), it: text('T') }, 'fr')).toEqual([])
  })

  it('numbers an edit one past the highest version', () => {
    expect(nextVersionNumber([])).toBe(1)
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 })), (numbers) => {
        const next = nextVersionNumber(numbers)
        expect(numbers.every((n) => n < next)).toBe(true)
      }),
    )
  })

  it('shows the signer language, else the default, else any', () => {
    const texts = { fr: text('FR'), de: text('DE') }
    expect(textFor(texts, 'de', 'fr')?.text.title).toBe('DE')
    expect(textFor(texts, 'es', 'fr')?.locale).toBe('fr')
    expect(textFor({ it: text('IT') }, 'es', 'fr')?.locale).toBe('it')
    expect(textFor({}, 'fr', 'fr')).toBeUndefined()
  })
})

describe('which visits need which forms', () => {
  const templates = [
    { id: 't1', serviceId: 'brows', versionId: 'v1' },
    { id: 't2', serviceId: 'lips', versionId: 'v2' },
  ]

  it('asks once per template of the visit services', () => {
    expect(formsForVisit(['brows', 'brows', 'nails'], templates).map((f) => f.id)).toEqual(['t1'])
    expect(formsForVisit(['nails'], templates)).toEqual([])
  })

  it('never asks for a template of a service the visit lacks', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('brows', 'lips', 'nails', 'hair')), (services) => {
        const forms = formsForVisit(services, templates)
        expect(forms.every((f) => (services as string[]).includes(f.serviceId))).toBe(true)
        expect(new Set(forms.map((f) => f.id)).size).toBe(forms.length)
      }),
    )
  })

  it('is signed only when every form is', () => {
    const needed = [{ templateId: 't1' }, { templateId: 't2' }]
    expect(visitConsentState([], new Set())).toBe('none')
    expect(visitConsentState(needed, new Set(['t1']))).toBe('pending')
    expect(visitConsentState(needed, new Set(['t1', 't2']))).toBe('signed')
  })
})

describe('the signed record', () => {
  it('hashes texts that differ into different inputs', () => {
    const a = signedTextDigestInput('v1', 'fr', { title: 'a\nb', body: 'c' })
    const b = signedTextDigestInput('v1', 'fr', { title: 'a', body: 'b\nc' })
    expect(a).not.toBe(b)
  })

  it('keeps a typed name trimmed, refusing one too short', () => {
    expect(signerName('  Ada   Lovelace ')).toBe('Ada Lovelace')
    expect(signerName(' x ')).toBe('')
  })
})

describe('the company default language', () => {
  it('is French unless the company speaks only others', () => {
    expect(defaultConsentLocale(undefined)).toBe('fr')
    expect(defaultConsentLocale({ fr: true, en: true })).toBe('fr')
    expect(defaultConsentLocale({ fr: false, de: true, it: true })).toBe('de')
    expect(defaultConsentLocale({ fr: false })).toBe('fr')
  })
})
