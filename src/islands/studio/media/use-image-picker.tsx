import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import type { Media } from '#contract/media'
import type { PickedImage } from '../posts/RichTextEditor'
import { useStudioText } from '../studio-text'
import { MediaPicker } from './MediaPicker'

/** The picture's alt text in `language`, else in French, else none. */
const altIn = (media: Media, language: string): string =>
  media.alt[language as 'fr'] ?? media.alt.fr ?? ''

/**
 * The library's picker as a promise, for an editor that asks for a picture and waits
 * (docs/decisions/081-media-storage.md): `ask()` opens a modal dialog with the picker, and
 * resolves with the picture chosen, or undefined once the dialog is closed (Escape, Cancel).
 * `dialog` is rendered by the caller anywhere: a modal dialog shows above the page.
 */
export function useImagePicker(): {
  ask: () => Promise<PickedImage | undefined>
  dialog: ReactNode
} {
  const { t, locale } = useStudioText()
  const [answer, setAnswer] = useState<((image: PickedImage | undefined) => void) | undefined>()
  const ref = useRef<HTMLDialogElement>(null)
  const ask = useCallback(
    () => new Promise<PickedImage | undefined>((resolve) => setAnswer(() => resolve)),
    [],
  )
  const close = (image: PickedImage | undefined) => {
    answer?.(image)
    setAnswer(undefined)
  }
  useEffect(() => {
    if (answer && ref.current && !ref.current.open) ref.current.showModal()
  }, [answer])
  const dialog = answer ? (
    <dialog
      ref={ref}
      className="studio-media-dialog"
      aria-label={t('studio.media.pickerLabel')}
      onCancel={() => close(undefined)}
    >
      <MediaPicker
        onPick={(media) => close({ url: media.url, alt: altIn(media, locale), alts: media.alt })}
      />
      <button type="button" onClick={() => close(undefined)}>
        {t('studio.media.cancel')}
      </button>
    </dialog>
  ) : null
  return { ask, dialog }
}
