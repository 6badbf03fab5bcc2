import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SLOW_FILES, slowFirst } from './slow-first'

describe('the slow files first', () => {
  it('names files that exist', () => {
    for (const file of SLOW_FILES) expect(existsSync(file), file).toBe(true)
  })

  it("moves each project's slow files to its front, in the list's order, and keeps the rest", () => {
    const spec = (project: string, path: string) => ({ project, path: `/repo/${path}` })
    const ordered = [
      spec('integration', 'scripts/deploy/deploy.test.ts'),
      spec('integration', 'scripts/serve/publish-flow.test.ts'),
      spec('integration', 'scripts/serve/server.test.ts'),
      spec('integration', 'scripts/start/start.test.ts'),
      spec('unit', 'src/a.test.ts'),
      spec('api', 'server/routes/x.test.ts'),
      spec('api', 'server/crash-restart.test.ts'),
    ]
    const sorted = slowFirst(
      ordered,
      (item) => item.project,
      (item) => item.path,
    ).map((item) => item.path.slice('/repo/'.length))
    expect(sorted).toEqual([
      'scripts/start/start.test.ts',
      'scripts/serve/publish-flow.test.ts',
      'scripts/deploy/deploy.test.ts',
      'scripts/serve/server.test.ts',
      'src/a.test.ts',
      'server/crash-restart.test.ts',
      'server/routes/x.test.ts',
    ])
  })

  it('matches whole path segments only', () => {
    const items = [{ path: '/repo/a.test.ts' }, { path: '/repo/xserver/index.test.ts' }]
    expect(
      slowFirst(
        items,
        () => 'api',
        (item) => item.path,
      ),
    ).toEqual(items)
  })
})
