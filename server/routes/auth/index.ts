import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import {
  usersSocialLinkStart,
  usersSocialLinks,
  usersSocialSession,
} from '#contract/calls/users.ts'
import { socialOutcomeHash, socialReturnPath } from '#domain/account/social.ts'
import { LOCALE_COOKIE } from '#i18n/locales.ts'
import { localizePath, resolveLocale } from '#i18n/paths.ts'
import type { SocialProvider } from '#server/db/schema/index.ts'
import { resolveCompany } from '#server/http/company.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import type { AppEnv } from '#server/http/types.ts'
import { notFound, Refusal } from '#server/kernel/index.ts'
import {
  beginSocialFlow,
  completeSocialFlow,
  FLOW_TTL_MS,
  findAccount,
  linkedProviders,
  ownCustomerView,
  RESULT_TTL_MS,
  takeSocialSession,
} from '#server/services/accounts/index.ts'
import { siteOrigin } from './site-origin.ts'

/**
 * Social sign-in by the OpenID Connect authorization-code flow
 * (docs/decisions/031-social-sign-in-oidc.md, docs/api/calls.md "Social sign-in"). The start
 * and the callback are browser navigations, not calls of the contract: they answer redirects.
 */
const FLOW_COOKIE = 'sf_oidc_flow'
const RESULT_COOKIE = 'sf_oidc_result'
const START = '/api/auth/:provider/start'
/** The sign-in page (src/site/navigation.ts), where a lost flow ends. */
const LOST_FLOW_PAGE = '/auth/customer/login'
const CALLBACK = '/api/auth/:provider/callback'

/**
 * The sign-in page in the language the visitor chose on the site (its locale cookie, sent back
 * with the top-level navigation from the issuer), else the default language's: a lost flow
 * names no page, and the browser's languages may not be the site's.
 */
function lostFlowPage(c: Context<AppEnv>): string {
  return localizePath(LOST_FLOW_PAGE, resolveLocale({ cookie: getCookie(c, LOCALE_COOKIE) }))
}

function providerOf(c: Context<AppEnv>): SocialProvider {
  const provider = c.req.param('provider')
  if (provider !== 'google' && provider !== 'facebook') throw notFound('No such provider.')
  return provider
}

const secure = (origin: string) => origin.startsWith('https:')

function setFlowCookie(c: Context<AppEnv>, value: string, origin: string) {
  setCookie(c, FLOW_COOKIE, value, {
    path: '/api/auth/',
    httpOnly: true,
    // sent on the issuer's top-level redirect back to the callback, never on a cross-site POST
    sameSite: 'Lax',
    secure: secure(origin),
    maxAge: FLOW_TTL_MS / 1000,
  })
}

export const authRoutes: RouteSpec[] = [
  {
    path: START,
    register(app) {
      app.get(START, async (c) => {
        const provider = providerOf(c)
        const company = await resolveCompany(c.var.deps.companies, c.req.query('company'))
        const origin = siteOrigin(c, company)
        const returnTo = socialReturnPath(c.req.query('return'))
        try {
          const flow = await beginSocialFlow(c.var.deps, {
            company,
            provider,
            mode: 'login',
            origin,
            returnTo,
          })
          setFlowCookie(c, flow.cookie, origin)
          return c.redirect(flow.location, 302)
        } catch (error) {
          // not set up for this company, issuer unreachable: said on the page, in its language
          if (!(error instanceof Refusal)) throw error
          const hash = socialOutcomeHash({ kind: 'error', errType: error.type })
          return c.redirect(`${origin}${returnTo}${hash}`, 303)
        }
      })
    },
  },
  {
    path: CALLBACK,
    register(app) {
      app.get(CALLBACK, async (c) => {
        const provider = providerOf(c)
        const sealed = getCookie(c, FLOW_COOKIE)
        // one use: a replayed callback finds no flow
        deleteCookie(c, FLOW_COOKIE, { path: '/api/auth/' })
        let end: Awaited<ReturnType<typeof completeSocialFlow>>
        try {
          end = await completeSocialFlow(c.var.deps, {
            provider,
            sealed,
            query: new URL(c.req.url).searchParams,
          })
        } catch (error) {
          if (!(error instanceof Refusal) || error.type !== 'socialFlowInvalid') throw error
          // No readable flow (it expired at the issuer, or another browser): nothing names the
          // page to go back to, so the site's sign-in page says it, in the visitor's language. A
          // path, not an address: the browser stays on the origin it came back to.
          return c.redirect(
            `${lostFlowPage(c)}${socialOutcomeHash({ kind: 'error', errType: error.type })}`,
            303,
          )
        }
        if (end.result) {
          setCookie(c, RESULT_COOKIE, end.result, {
            path: '/api/auth/social/session',
            httpOnly: true,
            sameSite: 'Lax',
            secure: secure(end.location),
            maxAge: RESULT_TTL_MS / 1000,
          })
        }
        return c.redirect(end.location, 303)
      })
    },
  },

  handle(usersSocialSession, async ({ c, company }) => {
    const sealed = getCookie(c, RESULT_COOKIE)
    deleteCookie(c, RESULT_COOKIE, { path: '/api/auth/social/session' })
    const session = await takeSocialSession(c.var.deps, company, sealed)
    if (!session) return { errType: 'socialFlowInvalid' }
    const user = await ownCustomerView(c.var.deps.db, session.account)
    return { token: session.token.token, user, exist: session.exist }
  }),

  handle(usersSocialLinkStart, async ({ c, company, subject, body }) => {
    const origin = siteOrigin(c, company)
    const flow = await beginSocialFlow(c.var.deps, {
      company,
      provider: body.provider,
      mode: 'link',
      accountId: subject.id,
      origin,
      returnTo: socialReturnPath(body.returnTo),
    })
    setFlowCookie(c, flow.cookie, origin)
    return { location: flow.location }
  }),

  handle(usersSocialLinks, async ({ c, company, subject }) => {
    const account = await findAccount(c.var.deps.db, company.id, 'customer', subject.id)
    if (!account) throw notFound('No such account.')
    return {
      providers: await linkedProviders(c.var.deps, company.id, subject.id),
      noPass: account.passwordHash === null,
    }
  }),
]
