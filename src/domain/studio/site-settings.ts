import { type CompanyInput, company as companySchema } from '#contract/company'
import { DEFAULT_LANGUAGE } from '#contract/constants'

/**
 * What the studio checks before it publishes the company's settings (docs/decisions/089-site-
 * settings-and-key-store.md): the contract's own schema, the one the API parses the body with,
 * and one rule of ours the schema cannot say: a site speaks at least one language, and the
 * default one (French, served without a prefix) is among them.
 */

export type LanguageProblem = 'noLanguage' | 'defaultMissing'

export function languageProblem(
  langs: Readonly<Partial<Record<string, boolean>>>,
  defaultLanguage: string = DEFAULT_LANGUAGE,
): LanguageProblem | undefined {
  const enabled = Object.entries(langs).filter(([, on]) => on === true)
  if (enabled.length === 0) return 'noLanguage'
  return langs[defaultLanguage] === true ? undefined : 'defaultMissing'
}

/** A field the schema refuses, by its dotted path (`booker.customMenuItems.0.url`). */
export interface SettingsProblem {
  readonly path: string
  readonly problem: 'invalid' | LanguageProblem
}

/** Every problem of the company as it would be sent; none: it may be published. */
export function settingsProblems(candidate: CompanyInput): SettingsProblem[] {
  const problems: SettingsProblem[] = []
  const parsed = companySchema.safeParse(candidate)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push({ path: issue.path.map(String).join('.'), problem: 'invalid' })
    }
  }
  const languages = languageProblem(candidate.booker?.langs ?? { [DEFAULT_LANGUAGE]: true })
  if (languages) problems.push({ path: 'booker.langs', problem: languages })
  return problems
}
