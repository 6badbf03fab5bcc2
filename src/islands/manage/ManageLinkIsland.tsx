import { formatMoney, type MoneySettingsLike } from '#domain/money/format-money'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { ManageVisit } from './ManageVisit'
import { linkFromHash } from './manage-state'

interface Props extends TranslatedProps {
  iso: string
  money: MoneySettingsLike
}

/**
 * The page the confirmation e-mail links to (docs/decisions/038-visit-policy.md): the visit
 * managed without signing in, through the signed link the page's fragment carries (never sent
 * to a server by the browser). A page opened without it says so.
 */
export default function ManageLinkIsland({ iso, money, ...props }: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  // the server renders nothing: its text would not match the client's first render
  if (!mounted) return null
  const link = linkFromHash(window.location.hash)
  if (!link) return <p role="alert">{t.t('manage.linkMissing')}</p>
  return (
    <ManageVisit
      t={t}
      target={{ link }}
      iso={iso}
      price={(minor) => formatMoney(minor, iso, money)}
      money={money}
    />
  )
}
