import { createApi } from '#api/index'
import { isHost } from '../shared/paths'
import { serverContext } from './pull'

/**
 * Every company's host, as the API's directory lists it (GET /api/companies/hosts): the default
 * tenant list of a build, so a company created through the platform is built without any file
 * in tenants/ (docs/decisions/085-company-creation.md). A name that is no host is left out.
 */
export async function apiHosts(apiUrl: string): Promise<string[]> {
  const { hosts } = await createApi(serverContext(apiUrl)).platform.sites()
  return hosts.filter(isHost).sort()
}
