import { describe, expect, it } from 'vitest'
import fr from '#i18n/messages/fr.json'
import { readCatalog } from './page-catalog'

// decision 010: islands that render nothing on the server read the page's catalog file
function response(ok: boolean, json: () => Promise<unknown>) {
  return async () => ({ ok, json })
}

describe('the page catalog', () => {
  it('flattens the fetched catalog of the page locale', async () => {
    const messages = await readCatalog(
      '/_astro/fr.abc.json',
      response(true, async () => fr),
    )
    expect(messages?.['cookies.title']).toBe(fr.cookies.title)
  })

  it('is null without a url, on an HTTP error, a body that is not JSON, or a network failure', async () => {
    const never = response(true, async () => fr)
    expect(await readCatalog(undefined, never)).toBeNull()
    expect(await readCatalog('', never)).toBeNull()
    expect(
      await readCatalog(
        '/x.json',
        response(false, async () => ({})),
      ),
    ).toBeNull()
    const notJson = response(true, () => Promise.reject(new SyntaxError('Unexpected token')))
    expect(await readCatalog('/x.json', notJson)).toBeNull()
    expect(await readCatalog('/x.json', () => Promise.reject(new TypeError('offline')))).toBeNull()
    expect(
      await readCatalog(
        '/x.json',
        response(true, async () => ({ cookies: [1] })),
      ),
    ).toBeNull()
  })
})
