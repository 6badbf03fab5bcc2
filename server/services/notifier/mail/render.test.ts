import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LOCALES, type Locale } from '#i18n/locales.ts'
import { flatMessages } from '#i18n/messages.ts'
import type { CompanyRow, NotificationTemplate } from '#server/db/schema/index.ts'
import { renderMail, renderTemplate } from './index.ts'
import { MAIL_KINDS, type MailKind } from './kinds.ts'
import { sampleTemplates } from './samples.ts'

/**
 * Every kind of e-mail in every language, for the demo tenant Maison Lumière (decision 056): no
 * missing or foreign text, an e-mail client's basic rules, the secrets' placeholders where the
 * producers put them, and the text part saying what the HTML says.
 */
const data = JSON.parse(
  readFileSync(
    new URL('../../../../tenants/maison-lumiere.localhost/company.json', import.meta.url),
    'utf8',
  ),
) as CompanyRow['data']
const company: CompanyRow = {
  id: 1,
  host: 'maison-lumiere.localhost',
  token: 'demo-token',
  nickname: 'maison-lumiere',
  data,
  createdAt: new Date(0),
  updatedAt: new Date(0),
}

/**
 * The words only another language would write: for each `mail.*` message whose text differs
 * between the two languages, the other's text between its placeholders, when it is words (not
 * "{amount}") that no `mail.*` message of this language writes too.
 */
function foreignFragments(own: Locale, other: Locale): string[] {
  const mine = flatMessages(own)
  const theirs = flatMessages(other)
  const ownTexts = Object.entries(mine)
    .filter(([key]) => key.startsWith('mail.'))
    .map(([, value]) => value)
    .join('\n')
  return (
    Object.entries(theirs)
      .filter(([key, value]) => key.startsWith('mail.') && mine[key] !== value)
      .flatMap(([, value]) => value.split(/\{\w+\}/))
      .map((fragment) => fragment.trim())
      .filter((fragment) => fragment.length >= 6 && /\p{L}{3}/u.test(fragment))
      // a word both languages write ("minutes.", "Adresse") tells nothing
      .filter((fragment) => !ownTexts.includes(fragment))
  )
}

function sample(kind: MailKind, locale: Locale): NotificationTemplate {
  const found = sampleTemplates(company, locale).find((s) => s.kind === kind)
  if (!found) throw new Error(`no sample of ${kind}`)
  return found.template
}

const PLACEHOLDER = /\{\{secret(?::\w+)?\}\}/g
const AMOUNT = /[-−]?\d(?:[\d., ]*\d)? €/g
/** the amounts a part shows, spaces of any width made plain */
const amounts = (text: string) =>
  [...new Set(text.replace(/[\u00a0\u202f]/g, ' ').match(AMOUNT) ?? [])].sort()
/** the HTML's visible text: the preview line is left out of the text part on purpose */
const visible = (html: string) =>
  html.replace(/<div[^>]*data-skip-in-text="true"[^>]*>[\s\S]*?<\/div><\/div>/, '')

describe('e-mail templates: every kind in every language', () => {
  it('renders every kind the producers send', () => {
    expect(MAIL_KINDS).toEqual([
      'code',
      'password-reset',
      'booking-confirmation',
      'booking-rescheduled',
      'booking-cancelled',
      'shop-booking-changed',
      'reminder',
      'gift-voucher',
      'waitlist-offer',
      'consent-request',
    ])
  })

  for (const locale of LOCALES) {
    for (const { kind, template } of sampleTemplates(company, locale)) {
      it(`${kind} in ${locale}`, async () => {
        const missing: string[] = []
        const mail = await renderTemplate(template, company, {
          onMissing: (key) => missing.push(key),
        })
        const { html, text } = mail
        expect(missing).toEqual([])
        // no key written instead of its text
        expect(`${html}\n${text}`).not.toMatch(/\bmail\.[a-z]+\.[a-zA-Z]+/)
        // no text of another language
        for (const other of LOCALES.filter((l) => l !== locale)) {
          const found = foreignFragments(locale, other).filter((f) => text.includes(f))
          expect({ other, found }).toEqual({ other, found: [] })
        }
        // an e-mail client's basics: language, no script, no external CSS, images absolute with alt
        expect(html).toMatch(new RegExp(`<html[^>]* lang="${locale}"`))
        expect(html).not.toMatch(/<script/i)
        expect(html).not.toMatch(/<link\b/i)
        expect(html).not.toMatch(/<style/i)
        const images = html.match(/<img\b[^>]*>/g) ?? []
        expect(images.length).toBeGreaterThan(0)
        for (const img of images) {
          expect(img).toMatch(/\balt="[^"]+"/)
          expect(img).toMatch(/\bsrc="https?:\/\/[^"]+"/)
        }
        // the secrets' placeholders are where the producer put them, in both parts
        const placed = [...new Set(JSON.stringify(template.props).match(PLACEHOLDER) ?? [])]
        for (const placeholder of placed) {
          expect(html).toContain(placeholder)
          expect(text).toContain(placeholder)
        }
        // the text part carries the HTML's amounts, no more, no fewer
        expect(amounts(text)).toEqual(amounts(visible(html)))
      })
    }
  }

  it('the booking confirmation shows each line, the coupon, the voucher and what was paid', async () => {
    const { text } = await renderMail(sample('booking-confirmation', 'fr'), company)
    expect(amounts(text)).toEqual(
      expect.arrayContaining(['89,00 €', '45,00 €', '−10,00 €', '−25,00 €', '99,00 €']),
    )
    expect(text).toContain('Payé en ligne')
    expect(text).toContain('dimanche 28 mars 2027 à 10:00')
  })

  it('refuses a kind it has no template for and props that do not fit their kind', async () => {
    await expect(
      renderMail({ kind: 'newsletter', locale: 'fr', props: {} }, company),
    ).rejects.toThrow('no template for the kind "newsletter"')
    const props = { code: '{{secret}}', minutes: 'ten' }
    await expect(renderMail({ kind: 'code', locale: 'fr', props }, company)).rejects.toThrow()
    // a link that is not http(s) never becomes an href
    const reset = { link: 'javascript:alert(1)', minutes: 60 }
    await expect(
      renderMail({ kind: 'password-reset', locale: 'en', props: reset }, company),
    ).rejects.toThrow()
  })

  it('an unknown language is French; a message without company still renders', async () => {
    const template = { kind: 'code', locale: 'pt', props: { code: '{{secret}}', minutes: 10 } }
    const mail = await renderMail(template, undefined)
    expect(mail.html).toMatch(/<html[^>]* lang="fr"/)
    expect(mail.text).toContain('Il expire dans 10 minutes.')
    expect(mail.attachments).toEqual([])
  })
})
