import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DEVELOPMENT_NOTIFICATION_KEY } from '#server/services/notifier/seal.ts'
import { loadConfig } from './config.ts'

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
