import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DEVELOPMENT_NOTIFICATION_KEY } from '#server/services/notifier/index.ts'
import { loadConfig } from './config.ts'

describe('config: the password hashes cost', () => {
  it('refuses at start a malformed PASSWORD_SCRYPT_N, and one below 2^15 in production', () => {
    const key = randomBytes(32).toString('hex')
    expect(() => loadConfig({ PASSWORD_SCRYPT_N: '1000' })).toThrow(/power of two/)
    expect(() =>
      loadConfig({ NODE_ENV: 'production', NOTIFICATION_KEY: key, PASSWORD_SCRYPT_N: '1024' }),
    ).toThrow(/refused in production/)
    expect(() => loadConfig({ PASSWORD_SCRYPT_N: '1024' })).not.toThrow()
    expect(() => loadConfig({ NODE_ENV: 'production', NOTIFICATION_KEY: key })).not.toThrow()
  })
})

describe('config: the notification key (decision 018)', () => {
  it('refuses to start in production without NOTIFICATION_KEY', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/NOTIFICATION_KEY is required/)
    expect(() => loadConfig({ NODE_ENV: 'production', NOTIFICATION_KEY: 'weak' })).toThrow(
      /32 bytes/,
    )
  })

  it('uses the key given, else the development key outside production', () => {
    const key = randomBytes(32)
    const production = loadConfig({ NODE_ENV: 'production', NOTIFICATION_KEY: key.toString('hex') })
    expect(production.notificationKey).toEqual(key)
    expect(production.development).toBe(false)
    const development = loadConfig({ NODE_ENV: 'development' })
    expect(development.notificationKey).toEqual(DEVELOPMENT_NOTIFICATION_KEY)
    expect(development.development).toBe(true)
    expect(loadConfig({}).development).toBe(false)
  })
})

describe('config: cache lifetimes', () => {
  it('AVAILABILITY_CACHE_MS and SESSION_CACHE_MS: 0 switches off, unset or not a number keeps the default', () => {
    const lifetimes = (env: NodeJS.ProcessEnv) => {
      const config = loadConfig(env)
      return [config.availabilityCacheMs, config.sessionCacheMs]
    }
    expect(lifetimes({})).toEqual([30_000, 60_000])
    expect(lifetimes({ AVAILABILITY_CACHE_MS: '0', SESSION_CACHE_MS: '0' })).toEqual([0, 0])
    expect(lifetimes({ AVAILABILITY_CACHE_MS: '2000', SESSION_CACHE_MS: '500' })).toEqual([
      2000, 500,
    ])
    expect(lifetimes({ AVAILABILITY_CACHE_MS: 'soon', SESSION_CACHE_MS: '-1' })).toEqual([
      30_000, 60_000,
    ])
    expect(lifetimes({ AVAILABILITY_CACHE_MS: '', SESSION_CACHE_MS: ' ' })).toEqual([
      30_000, 60_000,
    ])
  })
})

describe('config: e-mail (docs/decisions/054-messages-on-nodemailer.md)', () => {
  it('defaults: no SMTP, the development sender, a pool of 3, no DKIM', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'no-reply@storefront.localhost',
      smtpPoolMax: 3,
      dkim: undefined,
    })
  })

  it('MAIL_FROM takes a bare address or the display-name form, and refuses anything else at start-up', () => {
    for (const mailFrom of [
      'no-reply@maison.fr',
      'Maison Lumière <no-reply@maison.fr>',
      '"Maison Lumière" <no-reply@maison.fr>',
    ]) {
      expect(loadConfig({ MAIL_FROM: mailFrom }).mailFrom).toBe(mailFrom)
    }
    for (const garbage of ['Maison Lumière', 'a@b.fr, c@d.fr', '<>', 'no reply@maison.fr']) {
      expect(() => loadConfig({ MAIL_FROM: garbage })).toThrow(/^MAIL_FROM must be one address/)
    }
  })

  it('SMTP_URL must be smtp:// or smtps://; SMTP_POOL_MAX a positive integer', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com' }).smtpUrl).toBe(
      'smtps://u:p@mail.example.com',
    )
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/smtp:\/\//)
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com:587' })).toThrow(/SMTP_URL/)
    expect(loadConfig({ SMTP_POOL_MAX: '8' }).smtpPoolMax).toBe(8)
    expect(loadConfig({ SMTP_POOL_MAX: ' ' }).smtpPoolMax).toBe(3)
    for (const bad of ['0', '-2', '2.5', 'many']) {
      expect(() => loadConfig({ SMTP_POOL_MAX: bad })).toThrow(/SMTP_POOL_MAX/)
    }
  })

  it('DKIM: all three variables or none; the key as PEM or base64 of it; a bad key stops the start', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 })
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    const env = { DKIM_DOMAIN: 'Maison.fr', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY: pem }
    expect(loadConfig(env).dkim).toEqual({
      domainName: 'maison.fr',
      keySelector: 'mail2026',
      privateKey: pem,
    })
    const base64 = Buffer.from(pem).toString('base64')
    expect(loadConfig({ ...env, DKIM_PRIVATE_KEY: base64 }).dkim?.privateKey).toBe(pem)
    // one line with \n escapes, as env files write it
    const escaped = pem.trim().replaceAll('\n', '\\n')
    expect(loadConfig({ ...env, DKIM_PRIVATE_KEY: escaped }).dkim?.privateKey).toBe(pem)
    expect(() => loadConfig({ DKIM_DOMAIN: 'maison.fr', DKIM_SELECTOR: 'mail2026' })).toThrow(
      /missing DKIM_PRIVATE_KEY/,
    )
    expect(() => loadConfig({ ...env, DKIM_PRIVATE_KEY: 'not a key' })).toThrow(
      /DKIM_PRIVATE_KEY must be a private key/,
    )
    expect(() => loadConfig({ ...env, DKIM_SELECTOR: 'bad selector' })).toThrow(/DKIM_SELECTOR/)
  })
})
