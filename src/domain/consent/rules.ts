/**
 * Consent forms (docs/decisions/080-consent-record.md): which visits need which forms, which
 * texts a version must have, the text a signer is shown and what its record keeps. Pure: the
 * server reads the rows, these rules decide.
 */

export const CONSENT_LOCALES = ['fr', 'en', 'de', 'es', 'it'] as const
export type ConsentLocale = (typeof CONSENT_LOCALES)[number]

/** plain text (shown as written, line breaks kept) or a small sanitised HTML subset */
export const CONSENT_FORMATS = ['text', 'html'] as const
export type ConsentFormat = (typeof CONSENT_FORMATS)[number]

export interface ConsentText {
  readonly title: string
  readonly body: string
}

/** a version's words, per language; at least the company's default language */
export type ConsentTexts = Partial<Record<ConsentLocale, ConsentText>>

const filled = (text: ConsentText | undefined): text is ConsentText =>
  text !== undefined && text.title.trim() !== '' && text.body.trim() !== ''

/**
 * The languages a version must have and lacks: the company's default one. A language given with
 * an empty title or body counts as missing, so a signer never reads an empty form.
 */
export function missingLanguages(texts: ConsentTexts, defaultLocale: string): ConsentLocale[] {
  const required = CONSENT_LOCALES.filter((l) => l === defaultLocale)
  const given = CONSENT_LOCALES.filter((l) => texts[l] !== undefined)
  return [...new Set([...required, ...given])].filter((l) => !filled(texts[l]))
}

/** The number of the version an edit publishes: one past the highest, 1 for the first. */
export function nextVersionNumber(numbers: readonly number[]): number {
  return numbers.reduce((max, n) => Math.max(max, n), 0) + 1
}

/**
 * The text a signer is shown: their language when the version has it, else the company's
 * default, else the first language it has (in CONSENT_LOCALES order).
 */
export function textFor(
  texts: ConsentTexts,
  locale: string,
  defaultLocale: string,
): { locale: ConsentLocale; text: ConsentText } | undefined {
  const order = [locale, defaultLocale, ...CONSENT_LOCALES]
  for (const candidate of order) {
    const text = texts[candidate as ConsentLocale]
    if (filled(text)) return { locale: candidate as ConsentLocale, text }
  }
  return undefined
}

export interface ActiveTemplate {
  readonly id: string
  readonly serviceId: string
  readonly versionId: string
}

/**
 * The forms a visit needs: each live template of one of its services, once (two appointments of
 * the same service ask for one signature), in the templates' order.
 */
export function formsForVisit(
  serviceIds: readonly string[],
  templates: readonly ActiveTemplate[],
): ActiveTemplate[] {
  const services = new Set(serviceIds)
  const seen = new Set<string>()
  return templates.filter((t) => {
    if (!services.has(t.serviceId) || seen.has(t.id)) return false
    seen.add(t.id)
    return true
  })
}

export type ConsentState = 'none' | 'pending' | 'signed'

/**
 * A visit's state: nothing to sign, some form still unsigned, or every form signed. A form is
 * signed when the visit has a signature of that template, whatever version it signed: an edit
 * made after the customer signed does not ask them again.
 */
export function visitConsentState(
  needed: readonly { readonly templateId: string }[],
  signedTemplateIds: ReadonlySet<string>,
): ConsentState {
  if (needed.length === 0) return 'none'
  return needed.every((f) => signedTemplateIds.has(f.templateId)) ? 'signed' : 'pending'
}

/**
 * What a signature's hash covers: the version, the language, the title and the body exactly as
 * shown, each length-prefixed so no two different texts join into the same string.
 */
export function signedTextDigestInput(
  versionId: string,
  locale: string,
  text: ConsentText,
): string {
  return [versionId, locale, text.title, text.body].map((p) => `${p.length}:${p}`).join('\n')
}

/** The full name as typed, trimmed and with inner runs of spaces as one; empty when too short. */
export function signerName(typed: string): string {
  const name = typed.trim().replace(/\s+/g, ' ')
  return name.length >= 2 ? name : ''
}

/**
 * The company's default language (the one every template must have): French when the company
 * speaks it or says nothing (docs/product/1-overview.md), else the first language it enables.
 */
export function defaultConsentLocale(langs: unknown): ConsentLocale {
  if (typeof langs !== 'object' || langs === null) return 'fr'
  const enabled = langs as Record<string, unknown>
  if (enabled.fr === true) return 'fr'
  return CONSENT_LOCALES.find((l) => enabled[l] === true) ?? 'fr'
}
