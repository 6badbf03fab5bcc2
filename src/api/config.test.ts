import { describe, expect, it } from 'vitest'
import { baseFor, DEFAULT_SERVER_URL, resolveConfig } from './config'
import { bearerOf, contextFromEnv } from './context'

describe('docs/product/7-calls.md base addresses from configuration', () => {
  it('defaults to same origin in the browser and 127.0.0.1:4322 server-side', () => {
    const config = resolveConfig({})
    expect(config.bases).toEqual({ api: '', vault: '', passport: '', storage: '', stats: '' })
    expect(config.serverUrl).toBe(DEFAULT_SERVER_URL)
    expect(DEFAULT_SERVER_URL).toBe('http://127.0.0.1:4322')
  })

  it('reads every base, trims trailing slashes, and falls back to the main API', () => {
    const config = resolveConfig({
      PUBLIC_API_URL: 'https://api.example.com/',
      PUBLIC_VAULT_URL: 'https://vault.example.com',
      PUBLIC_STATS_URL: ' https://stats.example.com// ',
      API_SERVER_URL: 'http://api.internal:8080/',
    })
    expect(config.bases).toEqual({
      api: 'https://api.example.com',
      vault: 'https://vault.example.com',
      passport: 'https://api.example.com',
      storage: 'https://api.example.com',
      stats: 'https://stats.example.com',
    })
    expect(config.serverUrl).toBe('http://api.internal:8080')
  })

  it('maps each service group to its base, and everything to the server address server-side', () => {
    const config = resolveConfig({
      PUBLIC_API_URL: 'https://api',
      PUBLIC_VAULT_URL: 'https://vault',
      PUBLIC_STATS_URL: 'https://stats',
      API_SERVER_URL: 'http://internal',
    })
    expect(baseFor(config, 'first', 'browser')).toBe('https://vault')
    expect(baseFor(config, 'marketplace', 'browser')).toBe('https://api')
    expect(baseFor(config, 'booking', 'browser')).toBe('https://api')
    expect(baseFor(config, 'bookingAdmin', 'browser')).toBe('https://stats')
    expect(baseFor(config, 'stats', 'browser')).toBe('https://stats')
    for (const group of ['first', 'marketplace', 'booking', 'bookingAdmin', 'stats'] as const) {
      expect(baseFor(config, group, 'server')).toBe('http://internal')
    }
  })

  it('a context from the environment runs server-side in Node', () => {
    const ctx = contextFromEnv({ API_SERVER_URL: 'http://x' }, { curlang: 'it' })
    expect(ctx).toMatchObject({ side: 'server', curlang: 'it', config: { serverUrl: 'http://x' } })
  })

  it('docs/product/4-states.md: the provider token wins over the customer token', () => {
    const config = resolveConfig({})
    const side = 'browser'
    expect(bearerOf({ config, side, customerToken: 'c', providerToken: 'p' })).toBe('p')
    expect(bearerOf({ config, side, customerToken: 'c', providerToken: null })).toBe('c')
    expect(bearerOf({ config, side })).toBeUndefined()
  })
})
