import { describe, expect, test } from 'vitest'
import { company } from './company'

const minimal = { token: 'tok', nickname: 'demo', identity: { displayName: 'Demo' } }

describe('company defaults', () => {
  const c = company.parse(minimal)

  test('docs/product/3-entities.md, docs/product/9-constants.md: logoSize defaults to 50', () => {
    expect(c.identity.logoSize).toBe(50)
  })

  test('docs/product/3-entities.md, docs/product/5-rules.md, docs/product/9-constants.md: appointment.cuttingHours defaults to 30, cabins and payment off', () => {
    expect(c.booker.appointment).toEqual({
      payment: { active: false },
      cuttingHours: 30,
      useCabinManagement: false,
      equipments: {},
    })
  })

  test('docs/product/3-entities.md: services.list.display shows price, not duration', () => {
    expect(c.booker.services.list.display).toEqual({ duration: false, price: true })
  })

  test('docs/product/3-entities.md: the appointments module is on by default', () => {
    expect(c.booker.appointments).toBe(true)
  })

  test('docs/product/1-overview.md, docs/product/9-constants.md: homepageType defaults to mono, and mkp reads as multi', () => {
    expect(c.booker.homepageType).toBe('mono')
    const mkp = company.parse({ ...minimal, booker: { homepageType: 'mkp' } })
    expect(mkp.booker.homepageType).toBe('multi')
  })

  test('docs/product/9-constants.md: currency EUR, symbol €, precision 2, format #!', () => {
    expect(c.booker.mCurrency).toEqual({ symbol: '€', code: 'EUR', precision: 2 })
    expect(c.booker.mCurrencyFormat).toBe('#!')
  })

  test('docs/product/9-constants.md: default colours for the light and the dark theme', () => {
    const expected = {
      buttonsColor: '#333333',
      headerColor: '#ffffff',
      menuColor: '#ffffff',
      footerColor: '#ffffff',
      bookingBreadDone: '#228B22',
    }
    expect(c.themes.general.light).toEqual(expected)
    expect(c.themes.general.dark).toEqual(expected)
    expect(c.themes.dark).toBe(false)
  })

  test('docs/product/2-screens.md, docs/product/3-entities.md: bottom navigation services left, contact right', () => {
    expect(c.booker.navigation.mobile.bottomNavLeft).toBe('services')
    expect(c.booker.navigation.mobile.bottomNavRight).toBe('contact')
  })

  test('docs/product/3-entities.md, docs/product/8-errors.md: tab title pattern contains %s; robots root-only off', () => {
    expect(c.booker.seo.siteTabTitlePattern).toContain('%s')
    expect(c.booker.seo.robotsRootOnly).toBe(false)
  })

  test('docs/product/1-overview.md, docs/product/7-calls.md: French only and the free payment provider when nothing is said', () => {
    expect(c.booker.langs).toEqual({ fr: true })
    expect(c.booker.payment.provider).toBe('free')
  })

  test('docs/product/3-entities.md: social networks are inactive and flags off by default', () => {
    expect(c.identity.socialNetworks.facebook).toEqual({ active: false })
    expect(c.booker.siteDisabled).toBe(false)
    expect(c.booker.eshopEnabled).toBe(false)
    expect(c.booker.gift).toBe(false)
    expect(c.isDebug).toBe(false)
  })
})

describe('company values', () => {
  test('docs/product/3-entities.md: null and empty strings from a back end read as absent or default', () => {
    const c = company.parse({
      ...minimal,
      stripeConnectId: null,
      previewTheme: null,
      booker: { primarySiteLink: '', payment: { keys: { publicKey: '' } } },
    })
    expect(c.stripeConnectId).toBeUndefined()
    expect(c.previewTheme).toBe(false)
    expect(c.booker.primarySiteLink).toBeUndefined()
    expect(c.booker.payment.keys.publicKey).toBeUndefined()
  })

  test('docs/product/3-entities.md: a colour that could inject CSS is refused', () => {
    const bad = { ...minimal, themes: { general: { light: { headerColor: 'red;}body{x:y' } } } }
    expect(company.safeParse(bad).success).toBe(false)
  })

  test('docs/product/3-entities.md: siteTabTitlePattern without %s is refused', () => {
    const bad = { ...minimal, booker: { seo: { siteTabTitlePattern: 'Réservation' } } }
    expect(company.safeParse(bad).success).toBe(false)
  })

  test('docs/product/3-entities.md: menu labels are translated per label', () => {
    const c = company.parse({ ...minimal, menuLabels: { services: { fr: 'Soins', en: 'Care' } } })
    expect(c.menuLabels.services).toEqual({ fr: 'Soins', en: 'Care' })
    expect(c.menuLabels.gift).toEqual({})
  })

  test('docs/decisions/060-structured-data.md: a business type of schema.org, a BeautySalon unless said', () => {
    expect(company.parse(minimal).identity.businessType).toBe('BeautySalon')
    const spa = { ...minimal, identity: { displayName: 'Spa', businessType: 'DaySpa' } }
    expect(company.parse(spa).identity.businessType).toBe('DaySpa')
    const other = { ...minimal, identity: { displayName: 'X', businessType: 'Restaurant' } }
    expect(company.safeParse(other).success).toBe(false)
  })
})
