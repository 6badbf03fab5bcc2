import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import config from '../../vitest.config'
import {
  BROWSER_TAIL,
  LANES,
  laneArgs,
  lanesFor,
  POSTGRES_PASS,
  postgresPassEnv,
  tagLines,
  verdict,
} from './lanes'

describe('npm test lanes (decision 068)', () => {
  it('runs every vitest project in exactly one lane', () => {
    const projects = (config.test?.projects ?? []).map((project) =>
      typeof project === 'object' && 'test' in project ? project.test?.name : undefined,
    )
    const inLanes = LANES.flatMap((lane) => lane.projects)
    expect([...inLanes].sort()).toEqual([...projects].sort())
    expect(new Set(inLanes).size).toBe(inLanes.length)
  })

  it('keeps the projects that run one file at a time in a lane of their own', () => {
    const serial = (config.test?.projects ?? []).flatMap((project) =>
      typeof project === 'object' && 'test' in project && project.test?.fileParallelism === false
        ? [project.test.name]
        : [],
    )
    const browser = LANES.find((lane) => lane.name === 'browser')
    expect(serial.length).toBeGreaterThan(0)
    expect(browser?.projects).toEqual(serial)
  })

  it('runs the PostgreSQL pass after the lane that holds its projects, only when given a server', () => {
    const after = LANES.find((lane) => lane.name === POSTGRES_PASS.after)
    expect(after?.projects).toEqual(expect.arrayContaining([...POSTGRES_PASS.projects]))
    expect(postgresPassEnv({ PATH: '/bin' })).toBeUndefined()
    expect(postgresPassEnv({ PATH: '/bin', TEST_POSTGRES_URL: 'postgres://h/db' })).toEqual({
      PATH: '/bin',
      TEST_POSTGRES_URL: 'postgres://h/db',
      TEST_DATABASE_URL: 'postgres://h/db',
    })
  })

  it('runs the API files once: on PostgreSQL when given a server, on PGlite otherwise', () => {
    const apiRuns = (env: NodeJS.ProcessEnv) =>
      [
        ...lanesFor(env).flatMap((lane) => lane.projects),
        ...(postgresPassEnv(env) ? POSTGRES_PASS.projects : []),
      ].filter((project) => project === 'api').length
    expect(apiRuns({})).toBe(1)
    expect(apiRuns({ TEST_POSTGRES_URL: 'postgres://h/db' })).toBe(1)
    // the other projects keep their lanes
    const others = (env: NodeJS.ProcessEnv) =>
      lanesFor(env).flatMap((lane) => lane.projects.filter((project) => project !== 'api'))
    expect(others({ TEST_POSTGRES_URL: 'postgres://h/db' })).toEqual(others({}))
  })

  it('runs the node lane and the PostgreSQL pass two files at a time', () => {
    const node = LANES.find((lane) => lane.name === 'node')
    expect(laneArgs(node ?? BROWSER_TAIL, [])).toContain('--maxWorkers=2')
    expect(laneArgs(POSTGRES_PASS, [])).toContain('--maxWorkers=2')
    expect(laneArgs(BROWSER_TAIL, []).join(' ')).not.toContain('maxWorkers')
  })

  it("passes a lane's projects, then npm test's own arguments", () => {
    expect(laneArgs({ name: 'x', projects: ['a', 'b'] }, ['--bail=1'])).toEqual([
      'run',
      '--project',
      'a',
      '--project',
      'b',
      '--bail=1',
    ])
  })

  it('runs each browser-tail file in the tail alone, and the browser lane leaves it out', () => {
    const browser = LANES.find((lane) => lane.name === 'browser')
    expect(BROWSER_TAIL.files?.length).toBeGreaterThan(0)
    for (const file of BROWSER_TAIL.files ?? []) {
      // a renamed file would silently run in neither lane's filter and in both lanes' globs
      expect(existsSync(file), file).toBe(true)
      expect(file.startsWith('tests/journeys/')).toBe(true)
    }
    expect(browser?.excluded).toEqual(BROWSER_TAIL.files)
    expect(laneArgs(BROWSER_TAIL, [])).toEqual([
      'run',
      '--project',
      'journeys',
      ...(BROWSER_TAIL.files ?? []),
    ])
    const args = laneArgs(browser ?? BROWSER_TAIL, [])
    for (const file of BROWSER_TAIL.files ?? []) {
      expect(args.join(' ')).toContain(`--exclude ${file}`)
    }
  })

  it('tags every whole line with its lane, holding a partial line until its end arrives', () => {
    const tag = tagLines('node')
    expect(tag('one\ntw')).toBe('node | one\n')
    expect(tag('o\n\nthree')).toBe('node | two\nnode | \n')
    expect(tag('\n')).toBe('node | three\n')
  })

  it('passes only when every lane passed, naming the one that failed', () => {
    const ok = verdict([
      { name: 'browser', code: 0, seconds: 1200.4 },
      { name: 'node', code: 0, seconds: 900 },
    ])
    expect(ok).toEqual({ code: 0, lines: ['browser: passed in 1200 s', 'node: passed in 900 s'] })
    const failed = verdict([
      { name: 'browser', code: 1, seconds: 10 },
      { name: 'node', code: null, seconds: 5 },
    ])
    expect(failed.code).toBe(1)
    expect(failed.lines).toEqual([
      'browser: FAILED (exit 1) in 10 s',
      'node: FAILED (exit signal) in 5 s',
    ])
  })

  it('lists under a failed lane what failed in it, and nothing under a lane that passed', () => {
    const { lines } = verdict([
      {
        name: 'browser',
        code: 0,
        seconds: 3,
        failures: ['FAIL  journeys a.test.ts > flaky then ok'],
      },
      { name: 'node', code: 1, seconds: 4, failures: ['FAIL  api b.test.ts > x', '  Error: y'] },
    ])
    expect(lines).toEqual([
      'browser: passed in 3 s',
      'node: FAILED (exit 1) in 4 s',
      '  FAIL  api b.test.ts > x',
      '    Error: y',
    ])
  })

  it('hands every whole line to the failure log as it tags it', () => {
    const seen: string[] = []
    const tag = tagLines('node', (line) => seen.push(line))
    tag(' FAIL  api b.test.ts > x\nError')
    expect(seen).toEqual([' FAIL  api b.test.ts > x'])
  })
})
