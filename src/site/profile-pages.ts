import type { MessageKey } from '#i18n/index'

/** The account pages of docs/product/2-screens.md, their island and title; the route files stay one-liners. */
export const PROFILE_PAGES = {
  profile: { path: '/profile', island: 'account', title: 'profile.title' },
  orders: { path: '/profile/orders', island: 'orders', title: 'orders.title' },
  eshoporders: { path: '/profile/eshoporders', island: 'eshop-orders', title: 'eshopOrders.title' },
  loyalty: { path: '/profile/loyalty', island: 'loyalty', title: 'loyalty.title' },
  waitlist: { path: '/profile/waitlist', island: 'waitlist', title: 'waitlist.title' },
  'password-reset': {
    path: '/profile/password-reset',
    island: 'password-reset',
    title: 'auth.resetPassword',
  },
} as const satisfies Record<string, { path: string; island: string; title: MessageKey }>

export type ProfilePage = keyof typeof PROFILE_PAGES
