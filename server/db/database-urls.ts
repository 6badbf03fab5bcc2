/** The database the directory (companies) lives in: DATABASE_URL's, or PGlite's. */
export const MAIN_DATABASE = 'main'

/**
 * DATABASE_URLS: `name=postgres://...` pairs separated by commas or spaces. Names are the
 * directory's (lowercase, as the contract's databaseName); `main` is DATABASE_URL's (or PGlite's).
 */
export function parseDatabaseUrls(value: string | undefined): ReadonlyMap<string, string> {
  const urls = new Map<string, string>()
  for (const pair of (value ?? '').split(/[\s,]+/).filter(Boolean)) {
    const at = pair.indexOf('=')
    const name = pair.slice(0, at)
    const url = pair.slice(at + 1)
    if (at < 1 || !/^[a-z][a-z0-9_-]{0,39}$/.test(name) || !/^postgres(ql)?:\/\//.test(url)) {
      throw new Error(
        'DATABASE_URLS: name=postgres://... pairs, names in lowercase letters, digits, _ and -',
      )
    }
    if (name === MAIN_DATABASE) throw new Error('DATABASE_URLS: `main` is DATABASE_URL')
    if (urls.has(name)) throw new Error(`DATABASE_URLS: ${name} twice`)
    urls.set(name, url)
  }
  return urls
}
