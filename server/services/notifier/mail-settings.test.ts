import { describe, expect, it } from 'vitest'
import { parseMailFrom, parseSmtpUrl } from './mail-settings.ts'

describe('mail settings', () => {
  it('SMTP_URL: smtps is implicit TLS on 465, smtp STARTTLS on 587, credentials decoded, insecure=1 accepts any certificate', () => {
    expect(parseSmtpUrl('smtps://shop%40x.fr:pa%3Ass@mail.x.fr')).toEqual({
      host: 'mail.x.fr',
      port: 465,
      secure: true,
      user: 'shop@x.fr',
      password: 'pa:ss',
      rejectUnauthorized: true,
    })
    expect(parseSmtpUrl('smtp://127.0.0.1:2525?insecure=1')).toEqual({
      host: '127.0.0.1',
      port: 2525,
      secure: false,
      user: undefined,
      password: undefined,
      rejectUnauthorized: false,
    })
    expect(parseSmtpUrl('smtp://[::1]').host).toBe('::1')
    expect(parseSmtpUrl('smtp://mail.x.fr').port).toBe(587)
  })

  it('MAIL_FROM: the display name apart from the address, whose domain makes the Message-IDs', () => {
    expect(parseMailFrom('Maison Lumière <No-Reply@Maison.fr>')).toEqual({
      name: 'Maison Lumière',
      address: 'No-Reply@Maison.fr',
      domain: 'maison.fr',
    })
    expect(parseMailFrom('"Lumière, Paris" <no-reply@maison.fr>').name).toBe('Lumière, Paris')
    expect(parseMailFrom(' no-reply@maison.fr ')).toEqual({
      name: '',
      address: 'no-reply@maison.fr',
      domain: 'maison.fr',
    })
  })
})
