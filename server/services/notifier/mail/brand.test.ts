import { describe, expect, it } from 'vitest'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { absoluteUrl, mailBrand } from './brand.ts'
import { CARD_COLOUR, contrast, mailColours, TEXT_COLOUR } from './colours.ts'
import { legalNotice } from './legal-notice.ts'

/** What an e-mail shows of its company: name, logo, readable colours, legal footer, contact. */
const company = (data: CompanyRow['data']): CompanyRow => ({
  id: 9,
  host: 'salon.localhost',
  token: 'salon-token',
  nickname: 'salon',
  data,
  createdAt: new Date(0),
  updatedAt: new Date(0),
})

const MENTIONS = {
  fr: '<h2>Éditeur du site</h2><p>Salon Lumière SARL, RCS Lyon 912 345 678. TVA : FR27912345678.</p><p>Siège social : 18 rue Auguste Comte, 69002 Lyon. E-mail : <a href="mailto:bonjour@salon.example">bonjour@salon.example</a>.</p><p>Direction de la publication : Claire Dumas.</p><h2>Hébergement</h2><p>Nuage Alpin SAS</p>',
  en: '<h2>Publisher</h2><p>Salon Lumi&egrave;re SARL &amp; Co, registered in Lyon.</p><p>Registered office: 18 rue Auguste Comte, Lyon.</p>',
}

describe('the brand of a company in its e-mails', () => {
  it('names it, with its logo made absolute against its site', () => {
    const brand = mailBrand(
      company({
        identity: {
          displayName: 'Salon Lumière',
          logo: '/storage/salon.localhost/logo.png',
          logoSize: 120,
        },
      }),
      'fr',
    )
    expect(brand.name).toBe('Salon Lumière')
    // logos taller than 64 px are capped
    expect(brand.logo).toEqual({
      src: 'http://salon.localhost:4321/storage/salon.localhost/logo.png',
      height: 64,
    })
    expect(absoluteUrl('https://cdn.example/logo.png', 'https://salon.example')).toBe(
      'https://cdn.example/logo.png',
    )
    expect(absoluteUrl('javascript:alert(1)', 'https://salon.example')).toBeUndefined()
    expect(absoluteUrl('//evil.example/x.png', 'https://salon.example')).toBeUndefined()
    expect(mailBrand(company({}), 'fr')).toMatchObject({ name: 'salon', logo: undefined })
  })

  it('uses the theme colour where text on it reads; a light one gets dark text and dark links', () => {
    const dark = mailColours('#2F4A3A')
    expect(dark).toEqual({ accent: '#2f4a3a', onAccent: CARD_COLOUR, link: '#2f4a3a' })
    const light = mailColours('#F5F1E8')
    expect(light).toEqual({ accent: '#f5f1e8', onAccent: TEXT_COLOUR, link: TEXT_COLOUR })
    // Maison Lumière's #B5846B is too light for white text (3.2:1)
    expect(mailColours('#B5846B').onAccent).toBe(TEXT_COLOUR)
    for (const theme of ['#2F4A3A', '#F5F1E8', '#B5846B', '#fff', '#1F5F7A80', 'rgb(1,2,3)']) {
      const colours = mailColours(theme)
      expect(contrast(colours.onAccent, colours.accent)).toBeGreaterThanOrEqual(4.5)
      expect(contrast(colours.link, CARD_COLOUR)).toBeGreaterThanOrEqual(4.5)
    }
    // the theme's light palette, as the contract reads it (defaults included)
    const themed = company({ themes: { general: { light: { buttonsColor: '#1F5F7A' } } } })
    expect(mailBrand(themed, 'fr').colours.accent).toBe('#1f5f7a')
    expect(mailBrand(company({}), 'fr').colours.accent).toBe('#333333')
  })

  it('takes the legal footer and the contact address from the legal notice, in the language', () => {
    const booker = { textLegals: { mentions: MENTIONS } }
    expect(legalNotice(booker, 'fr')).toEqual({
      lines: [
        'Salon Lumière SARL, RCS Lyon 912 345 678. TVA : FR27912345678.',
        'Siège social : 18 rue Auguste Comte, 69002 Lyon. E-mail : bonjour@salon.example.',
      ],
      email: 'bonjour@salon.example',
    })
    expect(legalNotice(booker, 'en').lines).toEqual([
      'Salon Lumière SARL & Co, registered in Lyon.',
      'Registered office: 18 rue Auguste Comte, Lyon.',
    ])
    // no German notice: the French one, as the site falls back
    expect(legalNotice(booker, 'de').email).toBe('bonjour@salon.example')
    expect(legalNotice({}, 'fr')).toEqual({ lines: [], email: undefined })
    expect(mailBrand(company({ booker }), 'fr')).toMatchObject({
      email: 'bonjour@salon.example',
      site: 'http://salon.localhost:4321',
    })
  })
})
