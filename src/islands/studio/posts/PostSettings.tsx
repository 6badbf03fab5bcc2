import { useId } from 'react'
import type { PostCategory } from '#contract/post'
import { isSlug, slugFromTitle } from '#domain/content/post-editing'
import { featuredState } from '#domain/content/post-schedule'
import type { Locale } from '#i18n/index'
import { useStudioText } from '../studio-text'
import { PostCover } from './PostCover'
import type { PostDraft } from './post-queries'
import type { PickedImage } from './RichTextEditor'

/** An ISO instant as a datetime-local field shows it (the browser's clock), and back. */
const pad = (n: number) => String(n).padStart(2, '0')
function toLocalField(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}
const fromLocalField = (value: string): string | undefined =>
  value === '' ? undefined : new Date(value).toISOString()

/**
 * What is the post's whatever the language: its address, the languages it is published in, its
 * category and place, when it goes live, its featured window and its cover image (PostCover).
 */
export function PostSettings({
  draft,
  locales,
  categories,
  onChange,
  onPickImage,
}: {
  draft: PostDraft
  locales: readonly Locale[]
  categories: readonly PostCategory[]
  onChange: (draft: PostDraft) => void
  onPickImage?: (() => Promise<PickedImage | undefined>) | undefined
}) {
  const { t, locale } = useStudioText()
  const id = useId()
  const set = (patch: Partial<PostDraft>) => onChange({ ...draft, ...patch })
  const speaks = (code: Locale) => draft.lang.includes('all') || draft.lang.includes(code)
  const toggle = (code: Locale) => {
    const now = locales.filter(speaks)
    const next = now.includes(code) ? now.filter((c) => c !== code) : [...now, code]
    set({ lang: next })
  }
  const firstTitle = locales.map((code) => draft.title[code]).find(Boolean) ?? ''
  const windowState = featuredState(draft.vedette, Date.now())
  return (
    <fieldset className="studio-post-settings">
      <legend>{t('studio.posts.settings')}</legend>
      <label htmlFor={`${id}-slug`}>{t('studio.posts.slug')}</label>
      <input
        id={`${id}-slug`}
        value={draft.slug}
        aria-invalid={draft.slug !== '' && !isSlug(draft.slug)}
        aria-describedby={`${id}-slug-hint`}
        onChange={(e) => set({ slug: e.target.value })}
      />
      <p id={`${id}-slug-hint`} className="studio-hint">
        {t('studio.posts.slugHint')}{' '}
        <button
          type="button"
          onClick={() => set({ slug: slugFromTitle(firstTitle) })}
          disabled={firstTitle === ''}
        >
          {t('studio.posts.slugFromTitle')}
        </button>
      </p>
      <fieldset>
        <legend>{t('studio.posts.languages')}</legend>
        {locales.map((code) => (
          <label key={code} className="studio-check">
            <input type="checkbox" checked={speaks(code)} onChange={() => toggle(code)} />{' '}
            {t(`studio.posts.language.${code}`)}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-category`}>{t('studio.posts.category')}</label>
      <select
        id={`${id}-category`}
        value={draft.categoryId ?? ''}
        onChange={(e) => set({ categoryId: e.target.value || undefined })}
      >
        <option value="">{t('studio.posts.noCategory')}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name[locale as 'fr'] || c.name.fr || c.slug}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-position`}>{t('studio.posts.position')}</label>
      <select
        id={`${id}-position`}
        value={draft.position}
        onChange={(e) => set({ position: e.target.value as PostDraft['position'] })}
      >
        {(['all', 'home', 'shop'] as const).map((p) => (
          <option key={p} value={p}>
            {t(`studio.posts.place.${p}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-at`}>{t('studio.posts.publishAt')}</label>
      <input
        id={`${id}-at`}
        type="datetime-local"
        value={toLocalField(draft.publishedAt)}
        aria-describedby={`${id}-at-hint`}
        onChange={(e) => set({ publishedAt: fromLocalField(e.target.value) })}
      />
      <p id={`${id}-at-hint`} className="studio-hint">
        {t('studio.posts.publishAtHint')}
      </p>
      <fieldset>
        <legend>{t('studio.posts.featured')}</legend>
        <label className="studio-check">
          <input
            type="checkbox"
            checked={draft.vedette.active}
            onChange={(e) => set({ vedette: { ...draft.vedette, active: e.target.checked } })}
          />{' '}
          {t('studio.posts.featuredOn')}
        </label>
        {(['start', 'end'] as const).map((edge) => (
          <span key={edge}>
            <label htmlFor={`${id}-${edge}`}>
              {t(edge === 'start' ? 'studio.posts.featuredFrom' : 'studio.posts.featuredUntil')}
            </label>
            <input
              id={`${id}-${edge}`}
              type="datetime-local"
              value={toLocalField(draft.vedette[edge])}
              onChange={(e) =>
                set({ vedette: { ...draft.vedette, [edge]: fromLocalField(e.target.value) } })
              }
            />
          </span>
        ))}
        <p className="studio-hint" role={windowState === 'invalid' ? 'alert' : undefined}>
          {t(`studio.posts.window.${windowState}`)}
        </p>
      </fieldset>
      <PostCover draft={draft} locales={locales} onChange={onChange} onPick={onPickImage} />
    </fieldset>
  )
}
