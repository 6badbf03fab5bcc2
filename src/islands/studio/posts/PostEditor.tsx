import { useId, useState } from 'react'
import type { Post, PostCategory } from '#contract/post'
import { isSlug } from '#domain/content/post-editing'
import { postState } from '#domain/content/post-schedule'
import { errorFacts } from '#i18n/error-messages'
import { type Locale, localizePath } from '#i18n/index'
import { useStudioText } from '../studio-text'
import { LanguageTabs } from './LanguageTabs'
import { PostLanguageFields } from './PostLanguageFields'
import { PostSettings } from './PostSettings'
import { emptyDraft, type PostDraft } from './post-queries'
import type { PickedImage } from './RichTextEditor'
import { type LiveState, probePage } from './use-live-page'

export interface EditorActions {
  /** saves and answers the post as kept */
  save: (id: string | undefined, body: PostDraft) => Promise<Post>
  /** a preview token for a saved post */
  previewToken: (id: string) => Promise<string>
  /** follows the published page until it shows the change */
  watch: (
    url: string,
    before: Awaited<ReturnType<typeof probePage>>,
    expect: 'live' | 'gone',
  ) => void
  live: LiveState
}

/** The post's address on this site in a language (the studio is served on the tenant's host). */
export const postUrl = (slug: string, locale: Locale) =>
  `${location.origin}${localizePath(`/magazine/${slug}`, locale)}`

/**
 * Writes a post (docs/decisions/082-post-preview.md): one tab per enabled language, the
 * settings, then save as draft, preview (saved first; the site renders it at run time for
 * company users) or publish, after which the studio follows the page until it is live.
 */
export function PostEditor({
  post,
  locales,
  categories,
  actions,
  onClose,
  onInsertImage,
}: {
  post?: Post | undefined
  locales: readonly Locale[]
  categories: readonly PostCategory[]
  actions: EditorActions
  onClose: () => void
  onInsertImage?: (() => Promise<PickedImage | undefined>) | undefined
}) {
  const { t } = useStudioText()
  const id = useId()
  const [draft, setDraft] = useState<PostDraft>(() => {
    if (!post) return { ...emptyDraft(), lang: [...locales] }
    const { id: _id, ...rest } = post
    return rest
  })
  const [savedId, setSavedId] = useState(post?.id)
  const [tab, setTab] = useState<Locale>(locales[0] ?? 'fr')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [previewUrl, setPreviewUrl] = useState('')
  const firstLocale =
    locales.find((code) => draft.lang.includes('all') || draft.lang.includes(code)) ?? tab
  const url = postUrl(draft.slug || '…', tab)
  const ready =
    isSlug(draft.slug) && locales.some((code) => (draft.title[code] ?? '').trim() !== '')
  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    setError('')
    try {
      await work()
    } catch (failure) {
      const type = errorFacts(failure).type
      setError(t(type === 'slugTaken' ? 'studio.posts.slugTaken' : 'studio.posts.saveError'))
    } finally {
      setBusy(false)
    }
  }
  const save = async (published: boolean) => {
    const saved = await actions.save(savedId, { ...draft, published })
    setSavedId(saved.id)
    const { id: _id, ...rest } = saved
    setDraft(rest)
    return saved
  }
  const preview = () =>
    run(async () => {
      const saved = await save(draft.published)
      const token = await actions.previewToken(saved.id)
      const address = `${postUrl(saved.slug, tab)}?previewpost=${encodeURIComponent(token)}`
      setPreviewUrl(address)
      window.open(address, '_blank', 'noopener')
    })
  const publish = (published: boolean) =>
    run(async () => {
      const page = postUrl(draft.slug, firstLocale)
      const before = await probePage(page)
      const saved = await save(published)
      if (postState(saved, Date.now()) === 'live') actions.watch(page, before, 'live')
      else if (before.status === 200) actions.watch(page, before, 'gone')
    })
  const state = postState({ ...draft }, Date.now())
  return (
    <section className="studio-post-editor" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        {post ? t('studio.posts.editHeading') : t('studio.posts.newHeading')}
      </h2>
      <p className="studio-post-state">{t(`studio.posts.state.${state}`)}</p>
      <LanguageTabs id={id} locales={locales} tab={tab} onTab={setTab} />
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${tab}`}>
        <PostLanguageFields
          draft={draft}
          locale={tab}
          url={url}
          onChange={setDraft}
          onInsertImage={onInsertImage}
        />
      </div>
      <PostSettings
        draft={draft}
        locales={locales}
        categories={categories}
        onChange={setDraft}
        onPickImage={onInsertImage}
      />
      {error && <p role="alert">{error}</p>}
      <p className="studio-post-actions">
        <button type="button" disabled={busy || !ready} onClick={() => void publish(false)}>
          {t('studio.posts.saveDraft')}
        </button>
        <button type="button" disabled={busy || !ready} onClick={() => void preview()}>
          {t('studio.posts.preview')}
        </button>
        <button type="button" disabled={busy || !ready} onClick={() => void publish(true)}>
          {t('studio.posts.publish')}
        </button>
        <button type="button" onClick={onClose}>
          {t('studio.posts.close')}
        </button>
      </p>
      {previewUrl && (
        <p>
          <a href={previewUrl} target="_blank" rel="noopener">
            {t('studio.posts.openPreview')}
          </a>
        </p>
      )}
      <p role="status" className="studio-post-live">
        {actions.live !== 'idle' && t(`studio.posts.live.${actions.live}`)}
        {actions.live === 'live' && (
          <>
            {' '}
            <a href={postUrl(draft.slug, firstLocale)} target="_blank" rel="noopener">
              {t('studio.posts.openPage')}
            </a>
          </>
        )}
      </p>
    </section>
  )
}
