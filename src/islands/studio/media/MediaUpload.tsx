import { type FormEvent, useId, useRef, useState } from 'react'
import { MAX_IMAGE_BYTES } from '#domain/media/rules'
import { useStudioText } from '../studio-text'
import { AltFields } from './AltFields'
import { mediaErrorKey } from './media-errors'
import { useMediaWrites } from './media-queries'

/**
 * Adds one picture with its alt texts: the progress while it is sent, then the server's verdict
 * (a refusal in the studio's words). A file over the limit is refused here before it is sent;
 * its type is the server's to judge, from its bytes.
 */
export function MediaUpload({ languages }: { languages: readonly string[] }) {
  const { t } = useStudioText()
  const id = useId()
  const [progress, setProgress] = useState(0)
  const { upload } = useMediaWrites(setProgress)
  const [file, setFile] = useState<File>()
  const [alt, setAlt] = useState<Record<string, string>>({})
  const [tooLarge, setTooLarge] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!file) return
    if (file.size > MAX_IMAGE_BYTES) return setTooLarge(true)
    setProgress(0)
    upload.mutate(
      { file, alt },
      {
        onSuccess: () => {
          setFile(undefined)
          setAlt({})
          if (input.current) input.current.value = ''
        },
      },
    )
  }
  const error = tooLarge
    ? t('studio.media.error.imageTooLarge')
    : upload.isError
      ? t(mediaErrorKey(upload.error))
      : ''
  return (
    <form className="studio-media-upload" onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('studio.media.uploadHeading')}</h2>
      <p className="studio-field">
        <label htmlFor={`${id}-file`}>{t('studio.media.file')}</label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif,image/svg+xml"
          required
          onChange={(event) => {
            setTooLarge(false)
            upload.reset()
            setFile(event.target.files?.[0])
          }}
        />
      </p>
      <AltFields idPrefix={id} languages={languages} values={alt} onChange={setAlt} />
      <p>
        <button type="submit" disabled={upload.isPending}>
          {upload.isPending ? t('studio.media.uploading') : t('studio.media.upload')}
        </button>
      </p>
      {upload.isPending && (
        <progress max={1} value={progress} aria-label={t('studio.media.progress')} />
      )}
      {error !== '' && <p role="alert">{error}</p>}
      {upload.isSuccess && <p role="status">{t('studio.media.uploaded')}</p>}
    </form>
  )
}
