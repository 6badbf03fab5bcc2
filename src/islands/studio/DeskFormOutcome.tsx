import { useStudioText } from './studio-text'
import { deskErrorKey } from './use-desk-money'

/**
 * What a desk money form says under its button (docs/decisions/078-desk-payments.md): an amount
 * it could not read, the server's refusal in the studio's words, or `done` once the call succeeded.
 */
export function DeskFormOutcome({
  invalid,
  call,
  done,
}: {
  invalid: boolean
  call: { readonly isError: boolean; readonly isSuccess: boolean; readonly error: unknown }
  done: string
}) {
  const { t } = useStudioText()
  return (
    <>
      {invalid && (
        <p role="alert" className="studio-error">
          {t('studio.desk.error.amount')}
        </p>
      )}
      {call.isError && (
        <p role="alert" className="studio-error">
          {t(deskErrorKey(call.error))}
        </p>
      )}
      {call.isSuccess && <p role="status">{done}</p>}
    </>
  )
}
