import { describe, expect, it } from 'vitest'
import { contentCalls } from '#contract/calls/content'
import { NOTICE_LISTS } from './lists'

describe('the notice lists the pages ask at load', () => {
  it('are the contract calls', () => {
    for (const [call, def] of [
      [NOTICE_LISTS.events, contentCalls.eventsList],
      [NOTICE_LISTS.alerts, contentCalls.alertsList],
    ] as const) {
      expect(call).toEqual({ method: def.method, path: def.path, group: def.group, auth: def.auth })
    }
  })
})
