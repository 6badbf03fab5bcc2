import { expect, it } from 'vitest'
import { fetchPage } from '#support/product'
import { journeyProduct } from './support/product'

// The shared product is up for every journey: each demo tenant answers with the company token the
// islands call the API with (src/islands/shared/island-api.ts), and the product log is readable.
it('the shared product serves the demo tenants, with their company token, and exposes its log', async () => {
  const product = journeyProduct()
  for (const host of ['maison-lumiere.localhost', 'bains-du-lac.localhost']) {
    const page = await fetchPage(product.port, host, '/')
    expect(page.status).toBe(200)
    const token = page.body.match(/<html[^>]* data-company-token="([^"]+)"/)?.[1]
    expect(token).toBeTruthy()
    const res = await fetch(`${product.apiUrl}/api/companies/token/host/${host}`)
    expect(((await res.json()) as { token: string }).token).toBe(token)
  }
  expect(product.output()).toMatch(/Storefront running/)
})
