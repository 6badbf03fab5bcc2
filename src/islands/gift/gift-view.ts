import type { Dispatch } from 'react'
import type { GiftFormField } from '#domain/gift/gift-form'
import { formatMoney, type MoneySettingsLike } from '#domain/money/format-money'
import type { AppTranslator } from '#i18n/messages'
import type { GiftFormEvent, GiftFormState } from './gift-form-state'

export interface GiftTheme {
  id: string
  name: string
  image?: string | undefined
}

/** What every part of the gift island's view reads: the translator, the ids' base, the state. */
export interface GiftView {
  t: AppTranslator
  /** the island's useId: fields are `${id}-${field}`, their errors `${id}-${field}-error` */
  id: string
  state: GiftFormState
  dispatch: Dispatch<GiftFormEvent>
  money: MoneySettingsLike
}

export const fieldId = (view: Pick<GiftView, 'id'>, field: GiftFormField) => `${view.id}-${field}`
export const errorId = (view: GiftView, field: GiftFormField) => `${view.id}-${field}-error`

export const giftPrice = (view: GiftView, minor: number) =>
  formatMoney(minor, view.t.locale, view.money)

/** A field with an error is invalid and described by its message. */
export function invalidProps(view: GiftView, field: GiftFormField) {
  return view.state.errors[field]
    ? { 'aria-invalid': true as const, 'aria-describedby': errorId(view, field) }
    : { 'aria-invalid': undefined }
}
