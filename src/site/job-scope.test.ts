import { afterEach, describe, expect, it } from 'vitest'
import { jobScoped } from './job-scope'
import { JOB_ENV } from './snapshot-env'

const before = process.env[JOB_ENV]
afterEach(() => {
  if (before === undefined) delete process.env[JOB_ENV]
  else process.env[JOB_ENV] = before
})

describe('jobScoped', () => {
  it('keeps its entries within a job and forgets them all when the job changes', () => {
    process.env[JOB_ENV] = 'job-1'
    const sites = jobScoped<string, number>()
    const fragments = jobScoped<string, string>()
    sites.set('a.localhost', 1)
    fragments.set('a.localhost|fr|footer', '<footer>')
    expect(sites.get('a.localhost')).toBe(1)
    expect(fragments.has('a.localhost|fr|footer')).toBe(true)

    process.env[JOB_ENV] = 'job-2'
    // the first read in the new job empties every scoped map, not only the one read
    expect(sites.get('a.localhost')).toBeUndefined()
    expect(fragments.size).toBe(0)
    sites.set('a.localhost', 2)
    expect(sites.get('a.localhost')).toBe(2)
  })

  it('without a job id, one job for the life of the process', () => {
    delete process.env[JOB_ENV]
    const map = jobScoped<string, number>()
    map.set('k', 1)
    expect(map.get('k')).toBe(1)
    expect(map.get('k')).toBe(1)
  })
})
