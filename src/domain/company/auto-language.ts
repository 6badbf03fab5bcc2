/**
 * The language set automatically (docs/product/4-states.md): when exactly one language is enabled in
 * booker.langs (language code -> boolean), that code; otherwise null and the visitor's choice or
 * the locale route decides. Only a true value counts as enabled.
 */
export function autoLanguage<Code extends string>(
  langs: Readonly<Partial<Record<Code, boolean | null | undefined>>> | null | undefined,
): Code | null {
  const entries = Object.entries(langs ?? {})
  const enabled = entries.filter(([, on]) => on === true).map(([code]) => code)
  // Object.entries widens keys to string; they are the record's own keys, hence Code.
  return enabled.length === 1 ? ((enabled[0] as Code | undefined) ?? null) : null
}
