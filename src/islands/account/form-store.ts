import { atom, type ReadableAtom } from 'nanostores'
import { type Errors, hasErrors } from '#domain/account/validation'
import type { MessageKey } from '#i18n/messages'

/**
 * The state every account form shares (docs/architecture.md "Islands"): what is
 * typed, the field errors the last submit found (keys of src/domain/account/validation), whether
 * it is being sent, and how the last submit went, as catalog keys (failures from
 * src/i18n/error-messages.ts). No DOM: the view moves the focus when a submit is 'invalid'.
 */
export interface FormState<F extends string> {
  readonly values: Readonly<Record<F, string>>
  readonly errors: Errors<F>
  readonly busy: boolean
  readonly failure: MessageKey | undefined
  readonly success: MessageKey | undefined
}

/** How a submit ended: refused by the field rules, refused by the API, or sent. */
export type SubmitOutcome = 'invalid' | 'failed' | 'sent'

export interface FormStore<F extends string> {
  readonly $form: ReadableAtom<FormState<F>>
  type(field: F, value: string): void
  /**
   * A submit starts: the last outcome is cleared and the errors found are shown; answers whether
   * the form may be sent (it is busy then).
   */
  check(errors: Errors<F>): boolean
  /** The last outcome is cleared (a resend starts). */
  clearOutcome(): void
  /** The call failed: its words, and the form may be sent again. */
  fail(failure: MessageKey): void
  /** The call went through: not busy any more, with words to say so and new values if given. */
  done(result?: { success?: MessageKey; values?: Record<F, string> }): void
  /** Words of success that do not end a submit (a code sent again). */
  notify(success: MessageKey): void
}

export function createFormStore<F extends string>(values: Record<F, string>): FormStore<F> {
  const $form = atom<FormState<F>>({
    values,
    errors: {},
    busy: false,
    failure: undefined,
    success: undefined,
  })
  const patch = (change: Partial<FormState<F>>) => $form.set({ ...$form.get(), ...change })
  return {
    $form,
    type: (field, value) => patch({ values: { ...$form.get().values, [field]: value } }),
    check: (errors) => {
      const valid = !hasErrors(errors)
      patch({ errors, failure: undefined, success: undefined, ...(valid ? { busy: true } : {}) })
      return valid
    },
    clearOutcome: () => patch({ failure: undefined, success: undefined }),
    fail: (failure) => patch({ failure, busy: false }),
    done: (result = {}) =>
      patch({
        busy: false,
        ...(result.success ? { success: result.success } : {}),
        ...(result.values ? { values: result.values } : {}),
      }),
    notify: (success) => patch({ success }),
  }
}
