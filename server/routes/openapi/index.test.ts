import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listCalls } from '#contract/calls/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { openApiPath } from './document.ts'

let t: TestApi
beforeAll(async () => {
  t = await startTestApi()
})
afterAll(() => t.close())

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string
        parameters: { name: string; in: string }[]
        'x-owner-only'?: boolean
      }
    >
  >
}

describe('OpenAPI document', () => {
  it('is served without a company header and is a valid OpenAPI 3.1 document', async () => {
    const res = await fetch(`${t.url}/api/openapi.json`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    const doc = (await res.json()) as Record<string, unknown>
    const validator = new Validator()
    const result = await validator.validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
    // the validator is not vacuous: a broken document is refused
    expect((await new Validator().validate({ openapi: '3.1.0', info: {}, paths: 5 })).valid).toBe(
      false,
    )
  })

  it('describes every call of the contract once, with its path parameters', async () => {
    const doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as Doc
    const calls = listCalls()
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods))
    expect(operations).toHaveLength(calls.length)
    for (const { group, name, def } of calls) {
      const op = doc.paths[openApiPath(def.path)]?.[def.method.toLowerCase()]
      expect(op?.operationId, `${def.method} ${def.path}`).toBe(`${group}.${name}`)
      const inPath = [...def.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1])
      const described = (op?.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)
      expect(described.sort(), `${def.method} ${def.path}`).toEqual(inPath.sort())
      // the owner's calls, as the contract marks them (docs/decisions/072-studio-roles.md)
      expect(op?.['x-owner-only'] ?? false, `${def.method} ${def.path}`).toBe(
        def.ownerOnly ?? false,
      )
    }
  })

  it('serves a reference page listing every call, with no script allowed', async () => {
    const res = await fetch(`${t.url}/api/reference`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await res.text()
    for (const { group, name } of listCalls()) expect(html).toContain(`id="${group}.${name}"`)
    expect(html).not.toContain('<script')
  })
})
