import type { BottomNavSlot, MenuLabels, SocialNetworkName } from '#contract/index'
import { shownSocialUrl } from '#domain/index'
import { type AppTranslator, type Locale, localizePath } from '#i18n/index'
import { pick, pickOwn } from './localized-text'
import { magazineOf } from './magazine'
import type { Site } from './site-model'

export interface NavLink {
  id: string
  label: string
  href: string
  /** opens in a new tab (custom items, primary site, social networks) */
  external: boolean
  /** the live text preview's slot showing this label, and what it shows when emptied (decision 093) */
  slot?: string
  fallback?: string
}

export interface SocialLink {
  network: SocialNetworkName
  name: string
  href: string
}

/** The links of the header, drawer, footer and bottom navigation of docs/product/2-screens.md, for one locale. */
export interface Navigation {
  home: NavLink
  /** services; boutique if the shop module is on; gift if offered; magazine if posts; contact */
  primary: NavLink[]
  /** the Others dropdown: custom menu items by order */
  others: NavLink[]
  primarySite: NavLink | undefined
  footer: NavLink[]
  legal: NavLink[]
  bottom: { left: NavLink; home: NavLink; right: NavLink }
  social: SocialLink[]
  login: NavLink
  register: NavLink
  account: NavLink
  cart: NavLink
}

const NETWORKS: readonly [SocialNetworkName, string][] = [
  ['facebook', 'Facebook'],
  ['google', 'Google'],
  ['youtube', 'YouTube'],
  ['instagram', 'Instagram'],
  ['linkedIn', 'LinkedIn'],
]

export function buildNavigation(site: Site, locale: Locale, t: AppTranslator): Navigation {
  const { company } = site
  const booker = company.booker
  const href = (path: string) => localizePath(path, locale)
  const link = (id: string, label: string, path: string): NavLink => ({
    id,
    label,
    href: href(path),
    external: false,
  })
  // a menu label the company may rename: its preview slot falls back to the catalog's word
  const menu = (key: keyof MenuLabels, fallback: string, path: string): NavLink => ({
    ...link(key, pickOwn(company.menuLabels[key], locale) ?? fallback, path),
    slot: `menu.${key}`,
    fallback,
  })
  const hasMagazine = magazineOf(site, locale).length > 0
  const contactLabel = site.allShops.length > 1 ? t.t('nav.myShops') : t.t('nav.myShop')

  const services = menu('services', t.t('nav.services'), '/services')
  const boutique = site.shopOn ? menu('boutique', t.t('nav.shop'), '/boutique') : undefined
  const gift = site.giftOn ? menu('gift', t.t('nav.gift'), '/gift') : undefined
  const magazine = hasMagazine ? menu('magazine', t.t('nav.magazine'), '/magazine') : undefined
  const contact = menu('contact', contactLabel, '/contact')
  const home = link('home', t.t('nav.home'), '/')
  const account = link('account', t.t('nav.account'), '/profile')
  const bySlot: Record<BottomNavSlot, NavLink | undefined> = {
    services,
    contact,
    account,
    boutique,
    gift,
    magazine,
  }
  const mobile = booker.navigation.mobile
  const slot = (
    side: 'left' | 'right',
    name: BottomNavSlot,
    info: string | undefined,
    fallback: NavLink,
  ): NavLink => {
    const target = bySlot[name] ?? fallback
    // its own preview slot: the bar's text is the side's label, else the menu's, else the word
    const preview = { slot: `bottom.${side}`, fallback: target.fallback ?? target.label }
    return { ...target, ...preview, label: info ?? target.label }
  }

  return {
    home,
    primary: [services, boutique, gift, magazine, contact].filter((l) => l !== undefined),
    others: [...booker.customMenuItems]
      .sort((a, b) => a.order - b.order)
      .map((item) => ({
        id: `custom-${item.id}`,
        label: pick(item.label, locale),
        href: item.url,
        external: true,
        slot: `other.${item.id}`,
      }))
      .filter((item) => item.label !== ''),
    primarySite:
      booker.primarySiteLinkEnabled && booker.primarySiteLink
        ? {
            id: 'primary-site',
            label: pickOwn(booker.primarySiteLinkText, locale) ?? t.t('nav.primarySite'),
            href: booker.primarySiteLink,
            external: true,
          }
        : undefined,
    footer: [gift, services, contact, magazine, link('press', t.t('nav.press'), '/presse')].filter(
      (l) => l !== undefined,
    ),
    legal: [
      link('rgpd', t.t('footer.privacy'), '/legal#rgpd'),
      link('mentions', t.t('footer.legalNotice'), '/legal#mentions'),
      link('cgv', t.t('footer.salesConditions'), '/legal#cgv'),
      link('cgu', t.t('footer.termsOfUse'), '/legal#cgu'),
    ],
    bottom: {
      left: slot('left', mobile.bottomNavLeft, pickOwn(mobile.bottomNavLeftInfo, locale), services),
      home,
      right: slot(
        'right',
        mobile.bottomNavRight,
        pickOwn(mobile.bottomNavRightInfo, locale),
        contact,
      ),
    },
    social: NETWORKS.flatMap(([network, name]) => {
      const href = shownSocialUrl(company.identity.socialNetworks[network])
      return href ? [{ network, name, href }] : []
    }),
    login: link('login', t.t('nav.login'), '/auth/customer/login'),
    register: link('register', t.t('nav.register'), '/auth/customer/register'),
    account,
    cart: link('cart', t.t('nav.cart'), '/panier'),
  }
}
