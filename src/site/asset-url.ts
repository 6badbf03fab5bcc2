/**
 * Tenant images are stored as root-relative '/storage/<host>/images/x.svg' (the API serves them).
 * PUBLIC_STORAGE_URL, read at build time, puts a storage origin in front (a CDN in production);
 * empty by default, so pages ask their own host and scripts/serve proxies /storage to the API
 * like /api. Absolute addresses are left alone.
 */
export const STORAGE_URL_ENV = 'PUBLIC_STORAGE_URL'

export function storageBase(env: NodeJS.ProcessEnv = process.env): string {
  return (env[STORAGE_URL_ENV] ?? '').replace(/\/+$/, '')
}

export function assetUrlWith(base: string): (url: string) => string {
  return (url) => (base !== '' && url.startsWith('/storage/') ? `${base}${url}` : url)
}
