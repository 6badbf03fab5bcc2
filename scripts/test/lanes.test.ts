import { describe, expect, it } from 'vitest'
import config from '../../vitest.config'
import { LANES, laneArgs, tagLines, verdict } from './lanes'

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
})
