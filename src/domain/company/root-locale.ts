/**
 * The language the unprefixed address ('/') serves (docs/product/4-states.md languages): the base
 * language when the company enables it, else its first enabled language (a company with a single
 * language other than French has it set automatically, and '/' shows it rather than nothing).
 * `enabled` is in picker order and never empty (enabledLocales gives the base when none is on).
 */
export function rootLocale<Code extends string>(enabled: readonly Code[], base: Code): Code {
  return enabled.includes(base) ? base : (enabled[0] ?? base)
}
