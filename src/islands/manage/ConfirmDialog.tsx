import { useEffect, useRef } from 'react'
import type { AppTranslator } from '#i18n/messages'

interface Props {
  t: AppTranslator
  title: string
  text: string
  confirm: string
  onConfirm(): void
  onClose(): void
}

/**
 * Asks before a cancellation or a move: a modal <dialog> (focus moves in, Escape closes, focus
 * returns to what opened it: the browser's own behaviour for showModal), the safe choice first.
 */
export function ConfirmDialog({ t, title, text, confirm, onConfirm, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])
  return (
    <dialog
      ref={ref}
      className="booking-dialog manage-dialog"
      aria-labelledby="manage-dialog-title"
      aria-describedby="manage-dialog-text"
      onClose={onClose}
      data-manage-dialog=""
    >
      <h2 id="manage-dialog-title">{title}</h2>
      <p id="manage-dialog-text">{text}</p>
      <p className="manage-dialog__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => ref.current?.close()}
        >
          {t.t('manage.keep')}
        </button>
        <button type="button" className="button" onClick={onConfirm} data-manage-confirm="">
          {confirm}
        </button>
      </p>
    </dialog>
  )
}
