import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseBuildArgs } from './args'
import { buildConfig, DEFAULT_BATCH_SIZE, defaultHosts } from './config'

describe('build:sites arguments', () => {
  it('takes tenants from --tenant (repeatable) and --tenants, lowercased', () => {
    const args = parseBuildArgs([
      '--tenant',
      'A.localhost',
      '--tenant',
      'b.localhost',
      '--tenants',
      'c.localhost, d.localhost',
    ])
    expect(args.hosts).toEqual(['a.localhost', 'b.localhost', 'c.localhost', 'd.localhost'])
    expect(args.pull).toBe(true)
    expect(parseBuildArgs(['--no-pull']).pull).toBe(false)
  })

  it('refuses what is not a host name, and bad numbers', () => {
    expect(() => parseBuildArgs(['--tenant', '../etc'])).toThrow(/not a host name/)
    expect(() => parseBuildArgs(['--tenant', 'a b'])).toThrow(/not a host name/)
    expect(() => parseBuildArgs(['--batch-size', '0'])).toThrow(/positive integer/)
    expect(() => parseBuildArgs(['--parallel', 'x'])).toThrow(/positive integer/)
    expect(() => parseBuildArgs(['--bogus'])).toThrow()
  })

  it('reads its settings from the environment, with defaults', () => {
    const config = buildConfig({ BUILD_BATCH_SIZE: '7', API_URL: 'http://api:1/' })
    expect(config.batchSize).toBe(7)
    expect(config.apiUrl).toBe('http://api:1')
    expect(buildConfig({}).batchSize).toBe(DEFAULT_BATCH_SIZE)
    expect(buildConfig({ API_SERVER_URL: 'http://a:2', API_URL: 'http://b:3' }).apiUrl).toBe(
      'http://a:2',
    )
    expect(() => buildConfig({ BUILD_PARALLEL: '-1' })).toThrow()
  })

  it('lists the tenant folders (with a company.json) as the default hosts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tenants-'))
    try {
      for (const name of ['b.localhost', 'a.localhost', 'no-company.localhost', 'Bad_Name']) {
        mkdirSync(join(dir, name))
        if (name !== 'no-company.localhost') writeFileSync(join(dir, name, 'company.json'), '{}')
      }
      expect(defaultHosts(dir)).toEqual(['a.localhost', 'b.localhost'])
      expect(defaultHosts(join(dir, 'missing'))).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
