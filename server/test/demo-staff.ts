import type { TestApi } from './harness.ts'

/**
 * The demo company users of README "The studio" (tenants/, password `demo-provider-2026`), as
 * the API tests that seed the demo tenants sign them in.
 */
export const DEMO_COMPANY = {
  bains: '8796c37fe6734d21e38b5f59cf18c612',
  lumiere: '1fcc937c9e0423ceb7792f3c8a1a1234',
} as const
export const DEMO_STAFF = {
  owner: [DEMO_COMPANY.lumiere, 'claire.dumas@maison-lumiere.example'],
  manager: [DEMO_COMPANY.lumiere, 'hugo.bernard@maison-lumiere.example'],
  practitioner: [DEMO_COMPANY.lumiere, 'ines.moreau@maison-lumiere.example'],
  bainsOwner: [DEMO_COMPANY.bains, 'sophie.girard@bains-du-lac.example'],
  bainsManager: [DEMO_COMPANY.bains, 'marc.perrin@bains-du-lac.example'],
} as const
export type DemoStaff = keyof typeof DEMO_STAFF

/** A demo company user's bearer, through the login call. */
export async function demoSignIn(t: TestApi, who: DemoStaff): Promise<string> {
  const [company, email] = DEMO_STAFF[who]
  const res = await t.call('/api/cmpusers/login', {
    company,
    json: { email, password: 'demo-provider-2026' },
  })
  const token = (res.body as { token?: string }).token
  if (!token) throw new Error(`no session for ${email}`)
  return token
}

/** Signs `who` in; the answer calls the API as one of them, with their company's token. */
export async function demoStaffCalls(t: TestApi, who: readonly DemoStaff[]) {
  const bearers = new Map<DemoStaff, string>()
  for (const one of who) bearers.set(one, await demoSignIn(t, one))
  return (one: DemoStaff, path: string, method = 'GET', json?: unknown) =>
    t.call(path, {
      company: DEMO_STAFF[one][0],
      bearer: bearers.get(one) ?? '',
      method,
      ...(json === undefined ? {} : { json }),
    })
}
