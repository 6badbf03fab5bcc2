import { expect } from 'vitest'
import * as z from 'zod/mini'
import { callApi } from '#api/request'
import { defineCall, type ServiceGroup } from '#contract/call'
import { contextAt, type TestServer } from './fake-api-server'

/** A call of the given service group at `/api/fail`, answering `{ok}`: the error tests' probe. */
export const failCall = (group: ServiceGroup, path = '/api/fail') =>
  defineCall({
    method: 'GET',
    path,
    group,
    auth: 'optional',
    response: z.object({ ok: z.boolean() }),
  })

/** Makes the fake API answer `reply` at /api/fail and returns what the client threw. */
export async function failureOf(
  server: TestServer,
  group: ServiceGroup,
  reply: Parameters<TestServer['reply']>[1],
): Promise<unknown> {
  server.reply('/api/fail', reply)
  return callApi(contextAt(server.url), failCall(group), {}).then(
    () => expect.fail('the call should fail'),
    (error: unknown) => error,
  )
}
