import { useId, useState } from 'react'
import { MediaPicker } from './media/MediaPicker'
import { useStudioText } from './studio-text'

/**
 * An image of the site given by its address (http(s) or root-relative, as the contract's
 * webUrl): typed, or chosen in the media library (docs/decisions/081-media-storage.md), whose
 * picker opens under the field and sets the picture's address.
 */
export function ImageUrlField({
  label,
  value,
  onChange,
}: {
  label: string
  value: string | undefined
  onChange: (url: string | undefined) => void
}) {
  const { t } = useStudioText()
  const id = useId()
  const [choosing, setChoosing] = useState(false)
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="url"
        pattern="(https?://|/)\S*"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value.trim() || undefined)}
      />
      <button type="button" aria-expanded={choosing} onClick={() => setChoosing(!choosing)}>
        {t('studio.media.pickerLabel')}
      </button>
      {choosing && (
        <MediaPicker
          onPick={(media) => {
            onChange(media.url)
            setChoosing(false)
          }}
        />
      )}
    </>
  )
}
