import { useEffect, useId, useRef, useState } from 'react'
import type { Media } from '#contract/media'
import type { StudioKey } from '#i18n/studio-messages'
import { useStudioText } from '../studio-text'
import { AltFields } from './AltFields'
import { MediaImage } from './MediaImage'

/**
 * One picture of the library: its alt texts per language, their edit, and its deletion after
 * a warning (the pages that show it lose it: the library does not know which ones do).
 */
export function MediaCard({
  media,
  languages,
  onSaveAlt,
  onDelete,
}: {
  media: Media
  languages: readonly string[]
  onSaveAlt: (alt: Record<string, string>) => void
  onDelete: () => void
}) {
  const { t, locale } = useStudioText()
  const id = useId()
  const [editing, setEditing] = useState<Record<string, string>>()
  const [confirming, setConfirming] = useState(false)
  // the delete button gives way to the warning: the keyboard's focus follows to its cancel
  const cancel = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (confirming) cancel.current?.focus()
  }, [confirming])
  const label = media.alt[locale as 'fr'] ?? media.alt.fr ?? ''
  return (
    <li className="studio-media-card">
      <MediaImage media={media} alt={label} sizes="200px" />
      <p className="studio-media-size">
        {t('studio.media.size', { width: media.width, height: media.height })}
      </p>
      {editing === undefined ? (
        <dl>
          {languages.map((code) => (
            <div key={code}>
              <dt>{t(`studio.consent.lang.${code}` as StudioKey)}</dt>
              <dd lang={code}>{media.alt[code as 'fr'] ?? ''}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            onSaveAlt(editing)
            setEditing(undefined)
          }}
        >
          <AltFields idPrefix={id} languages={languages} values={editing} onChange={setEditing} />
          <button type="submit">{t('studio.media.saveAlt')}</button>{' '}
          <button type="button" onClick={() => setEditing(undefined)}>
            {t('studio.media.cancel')}
          </button>
        </form>
      )}
      {editing === undefined && !confirming && (
        <p className="studio-media-actions">
          <button
            type="button"
            onClick={() => setEditing({ ...media.alt } as Record<string, string>)}
          >
            {t('studio.media.editAlt')}
          </button>{' '}
          <button type="button" onClick={() => setConfirming(true)}>
            {t('studio.media.delete')}
          </button>
        </p>
      )}
      {confirming && (
        <div role="alertdialog" aria-labelledby={`${id}-warn`} className="studio-media-confirm">
          <p id={`${id}-warn`}>{t('studio.media.deleteWarning')}</p>
          <button type="button" onClick={onDelete}>
            {t('studio.media.confirmDelete')}
          </button>{' '}
          <button type="button" ref={cancel} onClick={() => setConfirming(false)}>
            {t('studio.media.cancel')}
          </button>
        </div>
      )}
    </li>
  )
}
