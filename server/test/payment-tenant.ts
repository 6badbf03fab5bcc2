/**
 * The payment tests' tenant template (test-support.ts writes one folder per provider from it):
 * a shop with two employees open Tuesday to Saturday, services and products priced to exercise
 * every rule (shop price, week price, VAT), two coupons and an active loyalty programme.
 */
export const PROVIDER_NAMES = [
  'free',
  'stripe',
  'paypal',
  'payzen',
  'saferpay',
  'monetico',
] as const
export type TestProvider = (typeof PROVIDER_NAMES)[number]
export const tokenOf = (provider: TestProvider | 'other') => `pay-${provider}-token`
export const hostOf = (provider: TestProvider | 'other') => `pay-${provider}.localhost`

const day = (start: string, end: string) => ({ status: 'day', hours: [{ start, end }] })
const week = {
  monday: { status: 'closed', hours: [] },
  tuesday: day('09:00', '18:00'),
  wednesday: day('09:00', '18:00'),
  thursday: day('09:00', '18:00'),
  friday: day('09:00', '18:00'),
  saturday: day('09:00', '18:00'),
  sunday: { status: 'closed', hours: [] },
}

export const catalogue = {
  'shops.json': [
    {
      id: 's1',
      slug: 'centre',
      timeZone: 'Europe/Paris',
      publicInfo: { name: 'Centre' },
      booker: { active: true },
      openingHours: week,
      articles: [
        { id: 'cut', slug: 'coupe' },
        { id: 'color', slug: 'couleur' },
      ],
    },
    {
      id: 's2',
      slug: 'gare',
      timeZone: 'Europe/Paris',
      publicInfo: { name: 'Gare' },
      booker: { active: true },
      openingHours: week,
    },
  ],
  'articles.json': [
    // the shop's price (pvTtc) wins over the list price
    {
      id: 'cut',
      name: { fr: 'Coupe' },
      slug: 'coupe',
      type: '1',
      prices: 4000,
      vat: 20,
      duration: 60,
      booker: { pricesByShops: [{ boutiqueId: 's1', pvTtc: 4200 }] },
    },
    // the week's price replaces the list price
    {
      id: 'color',
      name: { fr: 'Couleur' },
      slug: 'couleur',
      type: '1',
      prices: 3000,
      weekprices: 2500,
      vat: 20,
      duration: 30,
    },
    {
      id: 'candle',
      name: { fr: 'Bougie' },
      slug: 'bougie',
      type: '2',
      prices: 1500,
      weekprices: 1200,
      vat: 20,
      booker: { pricesByShops: [{ boutiqueId: 's1', pvTtc: 1400 }] },
    },
    {
      id: 'soap',
      name: { fr: 'Savon' },
      slug: 'savon',
      type: '2',
      prices: 800,
      booker: { vat: 5.5 },
    },
    // counted in the stock table
    {
      id: 'oil',
      name: { fr: 'Huile' },
      slug: 'huile',
      type: '2',
      prices: 2000,
      booker: { enableStock: true },
    },
    {
      id: 'draft',
      name: { fr: 'Brouillon' },
      slug: 'brouillon',
      type: '2',
      prices: 100,
      draft: true,
    },
  ],
  'resources.json': [
    {
      id: 'alice',
      type: 100,
      displayName: 'Alice',
      shopId: 's1',
      order: 1,
      visible: true,
      services: ['cut', 'color'],
      workingHours: week,
    },
    {
      id: 'bruno',
      type: 100,
      displayName: 'Bruno',
      shopId: 's1',
      order: 2,
      visible: true,
      services: ['cut', 'color'],
      workingHours: week,
    },
  ],
  'coupons.json': [
    { id: 'c10', code: 'WELCOME10', reductionType: 'percentage', amount: 10 },
    { id: 'c5', code: 'FIVE', reductionType: 'amount', amount: 500, minAmount: 3000 },
  ],
  'loyalty.json': { active: true, name: { fr: 'Fidélité' }, pointsPerEuro: 1, paliers: [] },
  'users.json': [
    {
      id: 'u1',
      email: 'camille@example.com',
      password: 'pay-password-1',
      profiles: [{ firstname: 'Camille', lastname: 'Martin' }],
    },
    { id: 'staff', kind: 'provider', email: 'staff@pay.example', password: 'pay-staff-pass-1' },
  ],
}

const PUBLIC_KEYS: Partial<Record<TestProvider, string>> = {
  stripe: 'pk_test_123',
  payzen: '12345678:testpublickey_abc',
  // decision 024: PayPal's client id is the public key (no sandbox fallback)
  paypal: 'recorded-client',
}

export function company(provider: TestProvider | 'other') {
  const name = provider === 'other' ? 'free' : provider
  return {
    token: tokenOf(provider),
    nickname: `pay-${provider}`,
    version: 1,
    identity: { displayName: `Pay ${provider}`, websiteURL: `https://${provider}.example` },
    booker: {
      appointments: true,
      appointment: { payment: { active: true }, cuttingHours: 30 },
      payment: { provider: name, keys: { publicKey: PUBLIC_KEYS[name as TestProvider] ?? null } },
      gift: true,
      gifts: { themes: [{ id: 'th1', name: { fr: 'Anniversaire' }, image: '/gift.png' }] },
      eshopEnabled: true,
      products: { active: true },
    },
  }
}
