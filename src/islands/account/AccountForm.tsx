import type { FormEvent, ReactNode, RefObject } from 'react'
import { type Errors, hasErrors } from '#domain/account/validation'
import { focusFirstInvalid } from './Field'

interface AccountFormProps {
  ref: RefObject<HTMLFormElement | null>
  /** a card of its own, or a form inside a card that holds more */
  card?: boolean
  busy: boolean
  onSubmit(event: FormEvent): void
  children: ReactNode
}

/**
 * An account form: validated by the island, not the browser (noValidate), and busy for
 * assistive technologies while it is being sent.
 */
export function AccountForm({ ref, card = false, busy, onSubmit, children }: AccountFormProps) {
  return (
    <form
      ref={ref}
      className={card ? 'account-card account-form' : 'account-form'}
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
    >
      {children}
    </form>
  )
}

/**
 * Shows the errors a submit found and answers whether there were any; when there were, the focus
 * goes to the first invalid field of the form.
 */
export function reportErrors<F extends string>(
  found: Errors<F>,
  show: (errors: Errors<F>) => void,
  form: HTMLFormElement | null,
): boolean {
  show(found)
  if (!hasErrors(found)) return false
  focusFirstInvalid(form)
  return true
}
