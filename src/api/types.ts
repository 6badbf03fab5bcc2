import type { CallDef, CallInput, CallOutput } from '#contract/call'

export interface CallOptions {
  readonly signal?: AbortSignal | undefined
  /** Payment initialize and pay may be sent to another path (docs/product/7-calls.md Payment). */
  readonly path?: string | undefined
}

/**
 * CallInput with the parts whose schema accepts undefined made optional, so a call whose query
 * is all optional reads `api.catalogue.articles()` rather than `articles({ query: undefined })`.
 */
export type ApiInput<D extends CallDef> = Relaxed<CallInput<D>>

type Relaxed<T> = { [K in keyof T as undefined extends T[K] ? K : never]?: T[K] } & {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K]
}

/** The argument list of a call function: the input may be left out when nothing is required. */
export type ApiArgs<D extends CallDef> =
  Record<string, never> extends ApiInput<D>
    ? [input?: ApiInput<D>, options?: CallOptions]
    : [input: ApiInput<D>, options?: CallOptions]

/** One typed function per call of docs/product/7-calls.md. */
export type CallFn<D extends CallDef> = (...args: ApiArgs<D>) => Promise<CallOutput<D>>

/** A map of call defs (one area of src/contract/calls) turned into call functions. */
export type AreaClient<A extends Readonly<Record<string, CallDef>>> = {
  readonly [K in keyof A]: CallFn<A[K]>
}
