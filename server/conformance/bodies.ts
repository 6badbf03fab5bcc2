import type { CallDef } from '#contract/call.ts'

/**
 * Well-formed bodies, for the cases that must get past validation to reach the rule under test
 * (a company that does not exist, a row of another company). Each is checked against the call's
 * body schema when used (`validBody`), so a contract change cannot leave one silently stale.
 */

const euros = (amount: number) => ({ amount, currency: 'EUR' })

/** What company B creates through its own provider session (foreign-rows.ts). */
export const CREATE_BODIES = {
  shop: { slug: 'beta-annecy', publicInfo: { name: 'Beta Annecy' } },
  service: {
    slug: 'beta-massage',
    name: { fr: 'Massage beta' },
    type: '1',
    prices: 7000,
    duration: 60,
  },
  product: { slug: 'beta-huile', name: { fr: 'Huile beta' }, type: '2', prices: 2400 },
  category: { slug: 'beta-soins', name: { fr: 'Soins beta' } },
  eshopCategory: { slug: 'beta-coffrets', name: { fr: 'Coffrets beta' } },
  geogroupment: { name: 'Beta Savoie', description: { short: { fr: 'Annecy' } } },
  resource: {
    slug: 'beta-ines',
    type: 100,
    displayName: 'Beta Inès',
    workingHours: {},
    services: [],
  },
  alert: {
    serviceId: 'beta-service',
    body: { fr: '<p>Beta</p>' },
    start: '2026-01-01T00:00:00+01:00',
    end: '2099-02-01T00:00:00+01:00',
  },
  event: {
    start: '2099-05-01T10:00:00+02:00',
    end: '2099-05-02T18:00:00+02:00',
    title: { fr: 'Journée beta' },
  },
  coupon: { code: 'BETA10', reductionType: 'percentage', amount: 10 },
  postCategory: { slug: 'beta-actualites', name: { fr: 'Actualités beta' }, order: 1 },
  pigment: { brand: 'Beta Ink', colour: 'Noir', lot: 'BETA-LOT-1', expiry: '2099-01-31' },
  collectionSchema: {
    type: 'beta-team',
    name: { fr: 'Équipe' },
    layout: 'cards',
    fields: [{ key: 'name', kind: 'text', label: { fr: 'Nom' }, required: true }],
  },
  collectionItem: { type: 'beta-team', values: { name: 'Bea' } },
  needle: { type: '3RL', lot: 'BETA-N-1' },
  dossier: { type: 'tattoo', title: 'Beta bras' },
  prestation: { date: '2026-06-01', service: 'Tatouage beta' },
  post: { slug: 'beta-secret', title: { fr: 'Brouillon beta' }, published: false },
  closedDay: { date: '2099-03-10', label: { fr: 'Inventaire beta' } },
  openDay: { date: '2099-03-14', hours: [{ start: '10:00', end: '16:00' }] },
} as const

/** A's own catalogue (server/db/fixtures/tenants/alpha.localhost): the other side of a link. */
const ALPHA_ARTICLE = 'a1'
const ALPHA_SHOP = 's1'
const NEW_PASSWORD = { password: 'another-password-1' }

/**
 * One body per call that names an existing row by id in its path or query, for the isolation
 * test's generic loop: well-formed, so only the foreign id can be refused. Link calls name one
 * of A's own items (the owner in the path is B's).
 */
export const BODIES: Readonly<Record<string, unknown>> = {
  'payment.callback': {
    paymentToken: 'free-token',
    prices: { subtotal: euros(0), discount: euros(0), total: euros(0) },
  },
  'access.update': { email: 'taken@alpha.example', name: 'Taken over' },
  'content.alertsUpdate': CREATE_BODIES.alert,
  'content.eventsUpdate': CREATE_BODIES.event,
  'content.couponsUpdate': CREATE_BODIES.coupon,
  'content.postCategoriesUpdate': CREATE_BODIES.postCategory,
  'content.postsUpdate': { ...CREATE_BODIES.post, title: { fr: 'Écrit par A' } },
  'articles.update': CREATE_BODIES.service,
  'categories.update': CREATE_BODIES.category,
  'categories.linkArticle': { articleId: ALPHA_ARTICLE },
  'categories.unlinkArticle': { articleId: ALPHA_ARTICLE },
  'consents.update': {
    serviceId: ALPHA_ARTICLE,
    texts: { fr: { title: 'Écrit par A', body: 'Pris par A.' } },
  },
  'cmpusers.link': { artebeauteId: 'AB-TAKEN' },
  'cmpusers.update': { email: 'taken@alpha.example', firstname: 'Taken', lastname: 'Over' },
  'cmpusers.tokenPut': NEW_PASSWORD,
  'users.tokenPut': NEW_PASSWORD,
  'geogroupments.update': CREATE_BODIES.geogroupment,
  'geogroupments.linkShop': { shopId: ALPHA_SHOP },
  'geogroupments.unlinkShop': { shopId: ALPHA_SHOP },
  'gifts.resend': { to: 'Taken', email: 'taken@alpha.example' },
  'media.updateAlt': { alt: { fr: 'Écrit par A' } },
  'resources.update': { ...CREATE_BODIES.resource, shopId: ALPHA_SHOP },
  'shops.update': CREATE_BODIES.shop,
  'pigments.update': CREATE_BODIES.pigment,
  'collections.schemasUpdate': CREATE_BODIES.collectionSchema,
  'collections.itemsUpdate': CREATE_BODIES.collectionItem,
  'needles.update': CREATE_BODIES.needle,
  'dossiers.update': { ...CREATE_BODIES.dossier, customerId: 'taken' },
  'prestations.update': { ...CREATE_BODIES.prestation, dossierId: 'taken' },
  'calendarDays.closedUpdate': { ...CREATE_BODIES.closedDay, shopId: ALPHA_SHOP },
  'calendarDays.openUpdate': { ...CREATE_BODIES.openDay, shopId: ALPHA_SHOP },
  'shops.linkArticle': { articleId: ALPHA_ARTICLE },
  'shops.unlinkArticle': { articleId: ALPHA_ARTICLE },
  'eshop.updateCategory': CREATE_BODIES.eshopCategory,
  // A's own shop, B's product: only the product can be refused
  'eshop.setShopStock': { shopId: ALPHA_SHOP, quantity: 5 },
}

/** The call's sample body; throws (naming the call) when there is none or it no longer fits. */
export function validBody(
  key: string,
  def: CallDef,
  bodies: Readonly<Record<string, unknown>> = BODIES,
): unknown {
  if (!def.body) return undefined
  if (!(key in bodies)) throw new Error(`${key}: no sample body in conformance/bodies.ts`)
  const body = bodies[key]
  const checked = def.body.safeParse(body)
  if (!checked.success) {
    throw new Error(`${key}: the sample body breaks the contract: ${checked.error.message}`)
  }
  return body
}
