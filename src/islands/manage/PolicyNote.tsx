import type { VisitPolicy } from '#contract/visit-policy'
import { policySummary } from '#domain/visit-policy/policy-summary'
import type { AppTranslator } from '#i18n/messages'

interface Props {
  t: AppTranslator
  policy: VisitPolicy
  /** a heading of this level names the note; none: the text alone */
  heading?: 'h2' | 'h3' | undefined
}

/**
 * A shop's visit policy in words (docs/decisions/038-visit-policy.md): shown before payment, on
 * the confirmation and where the visit is managed. DOM hook: [data-visit-policy].
 */
export function PolicyNote({ t, policy, heading }: Props) {
  const Heading = heading
  return (
    <div className="visit-policy" data-visit-policy="">
      {Heading && <Heading>{t.t('manage.policy.title')}</Heading>}
      {policySummary(policy).map((line) => (
        <p key={line.key}>
          {'hours' in line ? t.t(line.key, { hours: line.hours }) : t.t(line.key)}
        </p>
      ))}
    </div>
  )
}
