import type { CallDef } from '#contract/call'
import type { ContextSource } from './context'
import { callApi } from './request'
import type { AreaClient, CallOptions } from './types'

type Loose = (input?: object, options?: CallOptions) => Promise<unknown>

/**
 * Turns one area of the contract (`calls.users`, ...) into one function per call, so the
 * client never lists a call twice: a call added to the contract appears here typed.
 */
export function bindArea<const A extends Readonly<Record<string, CallDef>>>(
  source: ContextSource,
  area: A,
): AreaClient<A> {
  const bound: Record<string, Loose> = {}
  for (const [name, def] of Object.entries(area)) {
    bound[name] = (input, options) => callApi(source, def, input, options)
  }
  // Each entry was built from the def under the same key, which is what AreaClient<A> states.
  return bound as AreaClient<A>
}

/** Every area of a contract, bound the same way. */
export type ContractClient<C extends Readonly<Record<string, Readonly<Record<string, CallDef>>>>> =
  {
    readonly [K in keyof C]: AreaClient<C[K]>
  }

export function bindContract<
  const C extends Readonly<Record<string, Readonly<Record<string, CallDef>>>>,
>(source: ContextSource, contract: C): ContractClient<C> {
  const bound: Record<string, unknown> = {}
  for (const [name, area] of Object.entries(contract)) bound[name] = bindArea(source, area)
  return bound as ContractClient<C>
}
