import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { errorPage } from './error-page'

/** docs/decisions/064-error-page-preview-and-shop-times.md: the error page's variants. */
describe('errorPage', () => {
  it('a company error is the company page, without a link back, whatever its status', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }),
        fc.constantFrom('company_error', 'societyNotRegister'),
        (status, type) => {
          const page = errorPage({ status, type })
          expect(page.kind).toBe('company')
          expect(page.backLink).toBe(false)
        },
      ),
    )
  })

  it('404 is page-not-found; any other status (or none) the generic page, each with a link back', () => {
    expect(errorPage({ status: 404 })).toEqual({ kind: 'notFound', status: 404, backLink: true })
    expect(errorPage({ status: 404, type: 'notFound' }).kind).toBe('notFound')
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -10, max: 1000 }), { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        (status, type) => {
          fc.pre(status !== 404 && type !== 'company_error' && type !== 'societyNotRegister')
          const page = errorPage({ status, type })
          expect(page.kind).toBe('generic')
          expect(page.backLink).toBe(true)
        },
      ),
    )
  })

  it('shows the error’s status, or 500 when it has none an error page could show', () => {
    expect(errorPage({ status: 503 }).status).toBe(503)
    expect(errorPage({}).status).toBe(500)
    expect(errorPage({ status: 200 }).status).toBe(500)
    expect(errorPage({ status: 1000 }).status).toBe(500)
    expect(errorPage({ status: 404.5 }).status).toBe(500)
  })
})
