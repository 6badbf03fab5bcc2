import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { calls, compareRoutes, listCalls } from './index'

const entries = listCalls()

/** docs/product/8-errors.md service groups, as calls/index.ts documents them */
function expectedGroup(path: string): string {
  if (path.startsWith('/api/appointments')) return 'booking'
  if (/^\/api\/(access|pigments|needles|dossiers|prestations|collections)/.test(path))
    return 'marketplace'
  // docs/product/7-calls.md lists consentements with the marketplace services
  if (path.startsWith('/api/consentements')) return 'marketplace'
  if (/^\/(bookingOrder|customers\/remainingAmount|giftOrders|bookingShops|giftShops)/.test(path))
    return 'bookingAdmin'
  return 'first'
}

describe('calls', () => {
  test('docs/product/7-calls.md: every call def has a response schema', () => {
    expect(entries.length).toBeGreaterThan(100)
    for (const { group, name, def } of entries) {
      expect(def.response, `${group}.${name}`).toBeInstanceOf(z.ZodMiniType)
    }
  })

  test('docs/product/7-calls.md: method and path identify one call only', () => {
    const keys = entries.map(({ def }) => `${def.method} ${def.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  test('docs/product/7-calls.md: path placeholders and the params schema name the same values', () => {
    for (const { group, name, def } of entries) {
      const placeholders = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort()
      const params = def.params
      const keys = params instanceof z.ZodMiniObject ? Object.keys(params.shape).sort() : []
      expect(keys, `${group}.${name}`).toEqual(placeholders)
    }
  })

  test('docs/product/7-calls.md: GET and DELETE carry no body', () => {
    for (const { group, name, def } of entries) {
      if (def.method === 'GET' || def.method === 'DELETE') {
        expect(def.body, `${group}.${name}`).toBeUndefined()
      }
    }
  })

  test('docs/product/8-errors.md: each call belongs to the service group of its path', () => {
    for (const { group, name, def } of entries) {
      expect(def.group, `${group}.${name} ${def.path}`).toBe(expectedGroup(def.path))
    }
  })

  test('docs/product/7-calls.md: groups expose the calls the client and wrappers use', () => {
    expect(calls.users.login.path).toBe('/api/users/login')
    expect(calls.users.login.auth).toBe('none')
    expect(calls.appointments.period.query).toBeDefined()
    expect(calls.bookingAdmin.changeStatus.group).toBe('bookingAdmin')
  })

  test('routes: a static segment is registered before a :param at the same place', () => {
    const paths = entries.map(({ def }) => def.path)
    expect(paths.indexOf('/api/shops/artebeaute')).toBeLessThan(paths.indexOf('/api/shops/:id'))
    expect(paths.indexOf('/api/cmpusers/me')).toBeLessThan(paths.indexOf('/api/cmpusers/:id'))
    expect(compareRoutes('/api/a/:id', '/api/a/b')).toBeGreaterThan(0)
  })
})
