import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type * as z from 'zod/mini'
import type { CallDef, ServiceGroup } from '#contract/call.ts'
import type { Db } from '#server/db/client.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import type { Subject } from '#server/kernel/index.ts'
import { Refusal, type Wire } from '#server/kernel/index.ts'
import { requireOwner, type Staff, staffOf } from '#server/services/orders/index.ts'
import { resolvePlatformAdmin } from '#server/services/platform/index.ts'
import { assertAuth, resolveSubject } from './auth.ts'
import { resolveCompany, routedDeps } from './company.ts'
import { packJson } from './compress.ts'
import { errorResponse } from './errors.ts'
import type { ApiApp, ApiContext } from './types.ts'
import { parseInput, readJsonBody, summarizeIssues } from './validate.ts'

type Out<S> = S extends z.ZodMiniType ? z.output<S> : undefined

/** Calls that demand a session get a non-optional subject. */
type SubjectOf<D extends CallDef> = [D['auth']] extends ['customer' | 'provider' | 'access' | 'any']
  ? Subject
  : Subject | undefined

/** A provider call's company user is always staff; any other call's only with a provider bearer. */
type StaffOf<D extends CallDef> = [D['auth']] extends ['provider'] ? Staff : Staff | undefined

export interface RouteInput<D extends CallDef, C> {
  readonly c: ApiContext
  readonly params: Out<D['params']>
  readonly query: Out<D['query']>
  readonly body: Out<D['body']>
  readonly company: C
  readonly subject: SubjectOf<D>
  /**
   * The company user's studio scope (docs/decisions/072-studio-roles.md), read when first asked
   * (the services apply it); undefined for a customer, an access account or no session.
   */
  readonly staff: () => Promise<StaffOf<D>>
}

/** A handler returns the response body, or a Response for anything unusual (status, headers). */
export type Handler<D extends CallDef, C> = (
  input: RouteInput<D, C>,
) => Promise<Wire<D['response']> | Response>

/**
 * Registers a call of src/contract: resolves the company (required), the bearer (as def.auth
 * says), validates params, query and body with the call's schemas before the handler runs, and
 * outside production checks the handler's reply against def.response.
 */
export function route<const D extends CallDef>(
  app: ApiApp,
  def: D,
  handler: Handler<D, CompanyRow>,
): void {
  register(app, def, true, handler as Handler<D, CompanyRow | undefined>)
}

/**
 * The same for the calls made before a company is known (company token by host) or that carry
 * no company header (docs/product/7-calls.md bookingAdmin and stats): the company is resolved only if sent.
 */
export function publicRoute<const D extends CallDef>(
  app: ApiApp,
  def: D,
  handler: Handler<D, CompanyRow | undefined>,
): void {
  register(app, def, false, handler)
}

/**
 * A route to register later: resources export lists of these, and registerRoutes registers them
 * static paths first (Hono tries handlers in registration order, so /api/shops/artebeaute must
 * come before /api/shops/:id).
 */
export interface RouteSpec {
  readonly path: string
  register(app: ApiApp): void
}

export function handle<const D extends CallDef>(
  def: D,
  handler: Handler<D, CompanyRow>,
): RouteSpec {
  return { path: def.path, register: (app) => route(app, def, handler) }
}

export function handlePublic<const D extends CallDef>(
  def: D,
  handler: Handler<D, CompanyRow | undefined>,
): RouteSpec {
  return { path: def.path, register: (app) => publicRoute(app, def, handler) }
}

/** JSON bodies of this API are small; a larger one is refused before it is read. */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * The body limit of one route: its 413 is normalised in the shape of the route's group
 * (docs/product/8-errors.md). Every route that reads a body registers it; there is no app-wide limit, whose 413 could
 * only have one shape.
 */
export function limitBody(group: ServiceGroup, maxSize = MAX_BODY_BYTES): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: (c) => {
      // The rest of the body is never read, so this connection cannot carry another request.
      c.header('connection', 'close')
      const error = new Refusal(413, 'payloadTooLarge', 'Request body too large.')
      return errorResponse(c, error, group)
    },
  })
  // A GET or HEAD carries no body a Request can hold: asking (c.req.raw.body) only built a
  // WHATWG Request per call (docs/decisions/043-availability-answers.md).
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next))
}

function register<D extends CallDef>(
  app: ApiApp,
  def: D,
  companyRequired: boolean,
  handler: Handler<D, CompanyRow | undefined>,
): void {
  // an upload's limit is its files' (docs/decisions/081-media-storage.md)
  const maxSize = def.multipart?.maxBytes ?? MAX_BODY_BYTES
  app.on(def.method, def.path, limitBody(def.group, maxSize), async (c) => {
    c.set('group', def.group)
    const header = c.req.header('company')
    const company =
      companyRequired || header ? await resolveCompany(c.var.deps.companies, header) : undefined
    if (company) {
      c.set('company', company)
      // the company's own database from here on (docs/decisions/086-database-routing.md)
      c.set('deps', routedDeps(c.var.deps, company))
    }
    const { deps } = c.var
    // a platform call's bearer is an administrator's, never a company's (decision 085)
    if (def.auth === 'platform') {
      await resolvePlatformAdmin(deps.databases.main, c.req.header('authorization'))
    }
    const subject =
      company && def.auth !== 'none' && def.auth !== 'platform'
        ? await resolveSubject(deps, company.id, c.req.header('authorization'))
        : undefined
    assertAuth(def.auth, subject)
    c.set('subject', subject)
    const staff = staffOnce(deps.db, company, subject)
    if (def.ownerOnly) await ownerOnly(staff)

    const params = def.params ? parseInput(def.params, c.req.param(), 'params') : undefined
    const query = def.query
      ? parseInput(def.query, Object.fromEntries(new URL(c.req.url).searchParams), 'query')
      : undefined
    const body = def.body ? parseInput(def.body, await readJsonBody(c.req.raw), 'body') : undefined

    const input = { c, params, query, body, company, subject, staff } as RouteInput<D, CompanyRow>
    const result = await handler(input)
    if (result instanceof Response) return result
    if (deps.config.validateResponses) checkResponse(def, result, deps.config.log)
    const packed = await packJson(
      JSON.stringify(result),
      c.req.header('accept-encoding'),
      c.req.method === 'HEAD',
    )
    return c.body(packed.body, 200, packed.headers)
  })
}

/** The staff of a provider session, read once per request when first asked. */
function staffOnce(
  db: Db,
  company: CompanyRow | undefined,
  subject: Subject | undefined,
): () => Promise<Staff | undefined> {
  let read: Promise<Staff | undefined> | undefined
  return () => {
    read ??=
      company && subject?.kind === 'provider'
        ? staffOf(db, company.id, subject.id)
        : Promise.resolve(undefined)
    return read
  }
}

/** A call the contract marks `ownerOnly`: a company user who is not the owner is 403. */
async function ownerOnly(staff: () => Promise<Staff | undefined>): Promise<void> {
  const user = await staff()
  if (user) requireOwner(user)
}

/** A reply that breaks the contract is our bug: 500, loudly, in dev and tests. */
export function checkResponse(def: CallDef, result: unknown, log: (line: string) => void): void {
  const checked = def.response.safeParse(result)
  if (checked.success) return
  const message = summarizeIssues('response', checked.error.issues)
  log(`contract violation ${def.method} ${def.path}: ${message}`)
  throw new Refusal(500, 'invalidResponse', message)
}
