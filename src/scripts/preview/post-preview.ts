import type { Post } from '#contract/post'
import { isLocale } from '#i18n/locales'
import { createTranslatorFrom } from '#i18n/translator'
import { islandApi } from '#islands/shared/island-api'
import { pageMessages } from '#islands/shared/page-catalog'
import { session } from '#stores/browser'
import { safeFragment } from '../notices/safe-html'
import { storageOrigin } from '../notices/storage-origin'
import { postPreviewToken } from './post-token'

/**
 * A post previewed at run time (docs/decisions/082-post-preview.md), loaded by the header script
 * only on `?previewpost=`. With a company user's session in this browser, the post is read
 * with the token and the bearer (POST /api/posts/preview) and shown in place of the page's main
 * content, its body cleaned by the browser's copy of the tenant HTML policy. Anyone else, or a
 * refused token, sees the page as built, under a notice that there is nothing to preview.
 */
function text(value: Post['title'], locale: string): string {
  const texts = value as Record<string, string | undefined>
  return texts[locale] || texts.fr || Object.values(texts).find(Boolean) || ''
}

function notice(message: string, kind: 'preview' | 'refused'): HTMLElement {
  const element = document.createElement('p')
  element.className = `post-preview-notice post-preview-notice--${kind}`
  element.setAttribute('role', 'status')
  element.textContent = message
  return element
}

async function showPreview(): Promise<void> {
  const token = postPreviewToken(location.search)
  const main = document.getElementById('main')
  if (!token || !main) return
  const locale = document.documentElement.lang.slice(0, 2)
  const t = createTranslatorFrom(isLocale(locale) ? locale : 'fr', pageMessages())
  if (!session.$session.get().providerToken) {
    main.prepend(notice(t.t('postPreview.refused'), 'refused'))
    return
  }
  let post: Post
  try {
    post = await islandApi.content.postsPreview({ body: { previewToken: token } })
  } catch {
    main.prepend(notice(t.t('postPreview.refused'), 'refused'))
    return
  }
  const article = document.createElement('article')
  article.className = 'container prose post-preview'
  const heading = document.createElement('h1')
  heading.textContent = text(post.title, locale)
  article.append(heading, safeFragment(text(post.body, locale), storageOrigin()))
  main.replaceChildren(notice(t.t('postPreview.banner'), 'preview'), article)
  document.title = heading.textContent
}

void showPreview()
