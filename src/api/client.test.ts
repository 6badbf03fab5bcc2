import { describe, expect, it } from 'vitest'
import { calls } from '#contract/calls/index'
import { contextAt } from '#support/fake-api-server'
import { createApi } from './client'

describe('docs/product/7-calls.md one typed function per call', () => {
  it('createApi has a function for every call of the contract, under the same names', () => {
    const api: Readonly<Record<string, unknown>> = createApi(contextAt('http://127.0.0.1:1'))
    for (const [area, defs] of Object.entries(calls)) {
      const bound = api[area]
      expect(bound, area).toBeTypeOf('object')
      for (const name of Object.keys(defs)) {
        expect(Reflect.get(Object(bound), name), `${area}.${name}`).toBeTypeOf('function')
      }
    }
  })

  it('the startup flow is part of the client', () => {
    const { startup } = createApi(contextAt('http://127.0.0.1:1'))
    expect(Object.keys(startup).sort()).toEqual(['companyOfHost', 'getCompanyToken', 'loadCompany'])
  })
})
