import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { company } from '#contract/company'
import { previewAction } from '#scripts/preview/messages'
import { changedMessages, homeIn, pickText, textMessages } from './text-messages'

const here = 'https://alpha.localhost/en/'
const draft = company.parse({
  token: 't',
  nickname: 'n',
  identity: { displayName: 'Salon' },
  themes: {},
  menuLabels: { services: { fr: 'Soins', en: 'Care' }, gift: { fr: 'Cadeaux' } },
  booker: {
    sections: {
      home: {
        heroImage: {
          enabled: true,
          slides: [
            { title: { fr: 'Bienvenue', en: 'Welcome' }, text: { fr: 'Au calme' } },
            { title: { de: 'Nur Deutsch' }, buttonLabel: { en: 'Book' } },
          ],
        },
      },
    },
    navigation: {
      mobile: { bottomNavLeft: 'services', bottomNavRight: 'account', bottomNavRightInfo: {} },
    },
    customMenuItems: [{ id: 'a1', url: 'https://x.example/', label: { fr: 'Blog' }, order: 0 }],
    textLegals: { cgv: { fr: '<p>Conditions</p>', en: '<p>Terms</p>' } },
  },
})

describe('textMessages (decision 093)', () => {
  const messages = textMessages(draft, 'en')
  const text = (target: string) => messages.find((m) => m.target === target)?.text

  it('what the built page would show in the language, slot by slot', () => {
    expect(text('hero.0.title')).toBe('Welcome')
    expect(text('hero.0.text')).toBe('Au calme')
    expect(text('hero.1.title')).toBe('Nur Deutsch')
    expect(text('hero.1.button')).toBe('Book')
    expect(text('menu.services')).toBe('Care')
    // an emptied menu label is sent empty: the page shows its catalog word, not French
    expect(text('menu.gift')).toBe('')
    expect(text('bottom.left')).toBe('Care')
    expect(text('bottom.right')).toBe('')
    expect(text('other.a1')).toBe('Blog')
    expect(text('legal.cgv')).toBe('<p>Terms</p>')
    expect(messages.every((m) => m.locale === 'en' && m.kind === 'text')).toBe(true)
  })

  it('every message is one the site’s listener accepts', () => {
    for (const message of messages) {
      expect(previewAction(message, here), message.target).toMatchObject({
        kind: 'text',
        slot: message.target,
        text: message.text,
      })
    }
  })

  it('pickText is the site’s pick: own, else French, else any, trimmed', () => {
    expect(pickText({ en: ' x ', fr: 'y' }, 'en')).toBe('x')
    expect(pickText({ en: ' ', fr: 'y' }, 'en')).toBe('y')
    expect(pickText({ it: 'z' }, 'en')).toBe('z')
    expect(pickText(undefined, 'en')).toBe('')
  })

  it('changedMessages sends a slot again only when its text or language changed', () => {
    const sent = new Map<string, string>()
    expect(changedMessages(messages, sent)).toHaveLength(messages.length)
    expect(changedMessages(messages, sent)).toEqual([])
    const typed = textMessages(
      { ...draft, menuLabels: { ...draft.menuLabels, services: { en: 'Cares' } } },
      'en',
    )
    expect(changedMessages(typed, sent).map((m) => m.target)).toEqual([
      'menu.services',
      'bottom.left',
    ])
    const french = changedMessages(textMessages(draft, 'fr'), sent)
    expect(french.map((m) => m.target)).toContain('menu.gift')
  })

  it('homeIn: French at the root, the others under their code', () => {
    fc.assert(
      fc.property(fc.constantFrom('fr', 'en', 'de', 'es', 'it'), (lang) => {
        expect(homeIn(lang)).toBe(lang === 'fr' ? '/' : `/${lang}/`)
      }),
    )
  })
})
