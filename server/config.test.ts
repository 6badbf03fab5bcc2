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
