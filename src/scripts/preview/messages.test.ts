import { describe, expect, it } from 'vitest'
import { allowedOrigins, isAllowedOrigin, previewAction, sitePath } from './messages'

const HERE = 'http://bains-du-lac.localhost:4321/en/services?previewtheme=1'

describe('theme preview messages (docs/product/8-errors.md)', () => {
  it('colour: a theme colour and its readable text colour; anything else is ignored', () => {
    expect(previewAction({ kind: 'colour', name: 'button', value: '#000000' }, HERE)).toEqual({
      kind: 'variables',
      variables: { '--c-button': '#000000', '--c-on-button': '#ffffff' },
    })
    expect(previewAction({ type: 'color', name: 'eventText', value: 'rgb(1,2,3)' }, HERE)).toEqual({
      kind: 'variables',
      variables: { '--c-event-text': 'rgb(1,2,3)' },
    })
    expect(previewAction({ kind: 'colour', name: 'button', value: 'red;}body{x:y' }, HERE)).toBe(
      undefined,
    )
    expect(previewAction({ kind: 'colour', name: '__proto__', value: '#fff' }, HERE)).toBe(
      undefined,
    )
    expect(previewAction({ kind: 'colour', name: 'toString', value: '#fff' }, HERE)).toBe(undefined)
  })

  it('theme: several colours at once and the light or dark scheme', () => {
    const action = previewAction(
      { kind: 'theme', mode: 'dark', colours: { header: '#111111', nope: '#fff', menu: 'bad' } },
      HERE,
    )
    expect(action).toEqual({
      kind: 'variables',
      scheme: 'dark',
      variables: { '--c-header': '#111111', '--c-on-header': '#ffffff' },
    })
    expect(previewAction({ kind: 'theme', colours: { nope: '#fff' } }, HERE)).toBe(undefined)
  })

  it('font: a family name and an https stylesheet only', () => {
    expect(
      previewAction(
        { kind: 'font', target: 'body', name: 'Lora', url: 'https://fonts.example/css?f=Lora' },
        HERE,
      ),
    ).toEqual({
      kind: 'font',
      variables: { '--font-body': expect.stringMatching(/^"Lora", system-ui/) },
      stylesheet: 'https://fonts.example/css?f=Lora',
    })
    expect(previewAction({ kind: 'font', target: 'body', name: 'a"b' }, HERE)).toBe(undefined)
    expect(
      previewAction({ kind: 'font', target: 'body', name: 'Lora', url: 'javascript:1' }, HERE),
    ).toBe(undefined)
    expect(previewAction({ kind: 'font', target: 'footer', name: 'Lora' }, HERE)).toBe(undefined)
  })

  it('value: known lengths only', () => {
    expect(previewAction({ kind: 'value', name: 'logoSize', value: 80 }, HERE)).toEqual({
      kind: 'variables',
      variables: { '--logo-size': '80px' },
    })
    expect(previewAction({ kind: 'value', name: 'buttonRadius', value: '0' }, HERE)).toEqual({
      kind: 'variables',
      variables: { '--radius-button': '0' },
    })
    expect(previewAction({ kind: 'value', name: 'logoSize', value: 'calc(1px)' }, HERE)).toBe(
      undefined,
    )
  })

  it('css: made safe so the text can never close its style element', () => {
    expect(
      previewAction({ kind: 'css', css: 'a{color:red}</style><script>x</script>' }, HERE),
    ).toEqual({ kind: 'css', css: 'a{color:red}\\3c /style>\\3c script>x\\3c /script>' })
    expect(previewAction({ kind: 'css', css: 42 }, HERE)).toBe(undefined)
  })

  it('url: a path of this site, kept in preview; other origins refused', () => {
    expect(previewAction({ kind: 'url', path: '/en/contact' }, HERE)).toEqual({
      kind: 'url',
      href: 'http://bains-du-lac.localhost:4321/en/contact?previewtheme=1',
    })
    expect(sitePath('https://evil.example/', HERE)).toBe(undefined)
    expect(sitePath('//evil.example/x', HERE)).toBe(undefined)
    expect(sitePath('javascript:alert(1)', HERE)).toBe(undefined)
    expect(previewAction({ kind: 'url', path: 7 }, HERE)).toBe(undefined)
  })

  it('unknown kinds and non-objects are ignored', () => {
    for (const data of [null, 'colour', [], { kind: 'save' }, { kind: 'settings', value: 1 }]) {
      expect(previewAction(data, HERE)).toBe(undefined)
    }
  })
})

describe('preview origins (decision 008)', () => {
  const own = 'http://bains-du-lac.localhost:4321'
  it('accepts the site itself and the configured back-office origins, exactly', () => {
    const allowed = allowedOrigins(
      own,
      'https://admin.example.com/path, nonsense ,http://127.0.0.1:9000',
    )
    expect([...allowed]).toEqual([own, 'https://admin.example.com', 'http://127.0.0.1:9000'])
    expect(isAllowedOrigin(own, allowed)).toBe(true)
    expect(isAllowedOrigin('https://admin.example.com', allowed)).toBe(true)
    expect(isAllowedOrigin('https://admin.example.com.evil.io', allowed)).toBe(false)
    expect(isAllowedOrigin('http://127.0.0.1:9001', allowed)).toBe(false)
    expect(isAllowedOrigin('null', allowedOrigins(own, 'null'))).toBe(false)
    expect([...allowedOrigins(own, undefined)]).toEqual([own])
    expect([...allowedOrigins(own, 'javascript:alert(1)')]).toEqual([own])
  })
})
