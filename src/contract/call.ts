import type * as z from 'zod/mini'

/**
 * Which back-end service answers a call. It decides the base address (docs/product/7-calls.md "Base addresses")
 * and how errors are normalised (docs/product/8-errors.md): `first` reads code/message from the body with
 * errors[0].sMessage overriding; `marketplace` and `booking` read an `errors` object;
 * `bookingAdmin` and `stats` carry no company header and rethrow the raw error.
 */
export type ServiceGroup = 'first' | 'marketplace' | 'booking' | 'bookingAdmin' | 'stats'

/**
 * Who may call: the server enforces it, the client decides whether to send a bearer. `platform`:
 * a platform administrator's bearer, no company's (docs/decisions/085-company-creation.md).
 */
export type CallAuth = 'none' | 'optional' | 'customer' | 'provider' | 'access' | 'any' | 'platform'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

type Schema = z.ZodMiniType

/**
 * One call of docs/product/7-calls.md: the single description shared by the typed client (src/api),
 * the server's routes (server/routes) and the tests. `path` uses `:name` placeholders
 * that `params` describes.
 */
export interface CallDef {
  readonly method: HttpMethod
  readonly path: string
  readonly group: ServiceGroup
  readonly auth: CallAuth
  /**
   * A company user's call that only the owner may make (docs/decisions/072-studio-roles.md:
   * refunds, reports, gift order deletion, company users, access accounts, settings); the
   * server answers anyone else 403 forbidden before reading the input.
   */
  readonly ownerOnly?: true
  /**
   * The body is multipart/form-data (file uploads), not JSON: `body` stays undefined, the
   * handler reads the form, and the route's size limit is the upload's
   * (docs/decisions/081-media-storage.md).
   */
  readonly multipart?: { readonly maxBytes: number }
  readonly params?: Schema
  readonly query?: Schema
  readonly body?: Schema
  readonly response: Schema
}

export function defineCall<const D extends CallDef>(def: D): D {
  return def
}

type Infer<S> = S extends z.ZodMiniType ? z.infer<S> : undefined
type InferIn<S> = S extends z.ZodMiniType ? z.input<S> : undefined

/** What the caller passes: only the parts the call declares. */
export type CallInput<D extends CallDef> = (D['params'] extends Schema
  ? { params: InferIn<D['params']> }
  : unknown) &
  (D['query'] extends Schema ? { query: InferIn<D['query']> } : unknown) &
  (D['body'] extends Schema ? { body: InferIn<D['body']> } : unknown)

export type CallOutput<D extends CallDef> = Infer<D['response']>
