/**
 * A new shop of the demo company bains-du-lac, as the studio's form sends it
 * (docs/decisions/094-shop-lifecycle.md): the body of `POST /api/shops` and `PUT /api/shops/:id`.
 */
export const newShop = (slug: string) => ({
  slug,
  publicInfo: {
    name: `Bains ${slug}`,
    address: { address: '2 quai Sud', zipcode: '74500', city: 'Évian', country: 'France' },
    phone: '+33 4 50 00 00 00',
    email: 'contact@bains-du-lac.example',
  },
  timeZone: 'Europe/Paris',
})
