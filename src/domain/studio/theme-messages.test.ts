import { describe, expect, it } from 'vitest'
import { companyThemes } from '#contract/index'
import { previewAction } from '#scripts/preview/messages'
import { logoSizeMessage, pageMessage, previewColours, previewMessages } from './theme-messages'

const here = 'https://alpha.localhost/'

describe('previewMessages (decision 084)', () => {
  const themes = companyThemes.parse({
    general: { light: { headerColor: '#112233' }, dark: { headerColor: '#000000' } },
    bodyFont: { name: 'Lora', url: 'https://fonts.example/lora.css' },
    customCss: '.x { color: red }',
  })

  it('sends the shown scheme’s colours, the fonts set and the custom CSS', () => {
    const messages = previewMessages(themes)
    expect(messages[0]).toMatchObject({
      kind: 'theme',
      mode: 'light',
      colours: { header: '#112233' },
    })
    expect(messages).toContainEqual({
      kind: 'font',
      target: 'body',
      name: 'Lora',
      url: 'https://fonts.example/lora.css',
    })
    expect(messages.at(-1)).toEqual({ kind: 'css', css: '.x { color: red }' })
  })

  it('the dark flag sends the dark colours', () => {
    expect(previewColours({ ...themes, dark: true }).header).toBe('#000000')
  })

  it('every message is one the site’s listener accepts (the two ends agree)', () => {
    for (const message of previewMessages(themes)) {
      expect(previewAction(message, here), JSON.stringify(message)).toBeDefined()
    }
    const [theme] = previewMessages(themes)
    expect(previewAction(theme, here)).toMatchObject({
      kind: 'variables',
      variables: { '--c-header': '#112233' },
      scheme: 'light',
    })
  })

  it('the settings’ value and url messages are accepted too (decision 089)', () => {
    expect(previewAction(logoSizeMessage(72), here)).toEqual({
      kind: 'variables',
      variables: { '--logo-size': '72px' },
    })
    expect(previewAction(pageMessage('/en/legal/'), here)).toMatchObject({
      kind: 'url',
      href: expect.stringMatching(/^https:\/\/alpha\.localhost\/en\/legal\/\?previewtheme=/),
    })
  })
})
