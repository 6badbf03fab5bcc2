import { describe, expect, it } from 'vitest'
import { previewIndex } from './preview-index.ts'

describe('the mail preview index', () => {
  it('links every kind in every language, with its calendar file where it has one', () => {
    const html = previewIndex('maison-lumiere.localhost', [
      { kind: 'code', locale: 'fr', base: 'code.fr', ics: undefined },
      { kind: 'code', locale: 'en', base: 'code.en', ics: undefined },
      { kind: 'booking-cancelled', locale: 'fr', base: 'booking-cancelled.fr', ics: 'CANCEL' },
    ])
    expect(html).toContain('<a href="code.fr.html">HTML</a> · <a href="code.fr.txt">text</a>')
    expect(html).toContain('<a href="booking-cancelled.fr.ics">.ics (CANCEL)</a>')
    expect(html.match(/<tr><th scope="row">/g)).toHaveLength(2)
    // a missing language leaves its cell empty
    expect(html).toContain('<th scope="row">booking-cancelled</th><td>')
    expect(html).toMatch(/<td><\/td><\/tr>/)
    expect(previewIndex('<x>', [])).toContain('E-mails of &lt;x&gt;')
  })
})
