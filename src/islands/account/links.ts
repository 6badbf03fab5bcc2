/** The localized addresses the account islands link to, computed by the page (ctx.link). */
export interface AccountLinks {
  home: string
  login: string
  register: string
  profile: string
  orders: string
  eshopOrders: string
  loyalty: string
  waitlist: string
  passwordReset: string
}
