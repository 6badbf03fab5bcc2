import type { CallDef } from '#contract/call.ts'
import { BODIES, CREATE_BODIES } from './bodies.ts'
import { shapeOf } from './samples.ts'

/** Bodies of the create calls, beside the update bodies of bodies.ts. */
const CREATE_BY_CALL: Readonly<Record<string, unknown>> = {
  'shops.create': CREATE_BODIES.shop,
  'articles.create': CREATE_BODIES.service,
  'categories.create': CREATE_BODIES.category,
  'geogroupments.create': CREATE_BODIES.geogroupment,
  'resources.create': CREATE_BODIES.resource,
  'content.alertsCreate': CREATE_BODIES.alert,
  'content.eventsCreate': CREATE_BODIES.event,
  'content.couponsCreate': CREATE_BODIES.coupon,
  'content.postCategoriesCreate': CREATE_BODIES.postCategory,
  'content.postsCreate': CREATE_BODIES.post,
}

/** Candidates for one required field of a body, tried in order until the field takes one. */
const FIELD_CANDIDATES: readonly unknown[] = [
  'x1',
  'Name',
  'someone@example.com',
  'a-long-enough-password-1',
  '+33612345678',
  '2030-01-15',
  '2030-01-15T10:00',
  '2030-01-15T10:00:00+01:00',
  'FR',
  'EUR',
  'slug-one',
  1,
  100,
  0,
  true,
  false,
  { fr: 'Nom' },
  { amount: 100, currency: 'EUR' },
  [],
  {},
]

/**
 * A body the call's schema accepts: the sample of bodies.ts if there is one, else one built
 * field by field from the candidates; undefined when neither fits (the call's body cases then
 * start from {} and only prove the refusal itself).
 */
export function baseBody(key: string, def: CallDef): unknown {
  if (!def.body) return undefined
  for (const sample of [BODIES[key], CREATE_BY_CALL[key]]) {
    if (sample !== undefined && def.body.safeParse(sample).success) return sample
  }
  const shape = shapeOf(def.body)
  if (!shape) return undefined
  const body: Record<string, unknown> = {}
  for (const [field, schema] of Object.entries(shape)) {
    if (schema.safeParse(undefined).success) continue
    const fit = FIELD_CANDIDATES.find((candidate) => schema.safeParse(candidate).success)
    if (fit === undefined) return undefined
    body[field] = fit
  }
  return def.body.safeParse(body).success ? body : undefined
}
