import { useId } from 'react'
import type { Locale } from '#i18n/index'
import { useStudioText } from '../studio-text'
import type { PostDraft } from './post-queries'
import { type PickedImage, RichTextEditor } from './RichTextEditor'
import { SearchPreview } from './SearchPreview'

/** The texts of one language: title, search description, body, and the result they make. */
export function PostLanguageFields({
  draft,
  locale,
  url,
  onChange,
  onInsertImage,
}: {
  draft: PostDraft
  locale: Locale
  url: string
  onChange: (draft: PostDraft) => void
  onInsertImage?: (() => Promise<PickedImage | undefined>) | undefined
}) {
  const { t } = useStudioText()
  const id = useId()
  const set = (field: 'title' | 'summary' | 'body', value: string) =>
    onChange({ ...draft, [field]: { ...draft[field], [locale]: value } })
  const title = draft.title[locale] ?? ''
  // a library picture's alt in this tab's language, not the studio's (decision 091)
  const insertImage =
    onInsertImage &&
    (async () => {
      const image = await onInsertImage()
      return image && { ...image, alt: image.alts?.[locale] || image.alt }
    })
  const summary = draft.summary[locale] ?? ''
  return (
    <div className="studio-post-language">
      <label htmlFor={`${id}-title`}>{t('studio.posts.titleField')}</label>
      <input id={`${id}-title`} value={title} onChange={(e) => set('title', e.target.value)} />
      <label htmlFor={`${id}-summary`}>{t('studio.posts.description')}</label>
      <textarea
        id={`${id}-summary`}
        rows={3}
        value={summary}
        onChange={(e) => set('summary', e.target.value)}
      />
      <SearchPreview title={title} url={url} description={summary} />
      <RichTextEditor
        key={locale}
        label={t('studio.posts.body')}
        html={draft.body[locale] ?? ''}
        onChange={(html) => set('body', html)}
        onInsertImage={insertImage}
      />
    </div>
  )
}
