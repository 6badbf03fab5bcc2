import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Media } from '#contract/media'
import type { MessageKey } from '#i18n/messages'
import type { StudioKey, StudioPluralKey } from '#i18n/studio-messages'
import { studioMessages } from '#i18n/studio-messages'
import { createTranslatorFrom } from '#i18n/translator'
import { StudioText } from '../studio-text'
import { MediaPicker } from './MediaPicker'
import { MEDIA_PAGE_SIZE, mediaKeys } from './media-queries'

/**
 * The picker the post and event editors use (docs/decisions/081-media-storage.md), drawn from
 * a library page already read: each picture as a <picture> with its modern sources and its alt
 * text in the studio's language, and a Choose button naming it.
 */
const media: Media = {
  id: 'm1',
  dir: 'images',
  type: 'image/jpeg',
  width: 800,
  height: 600,
  url: '/media/c1/images/aaaa-800.jpg',
  sources: [
    { type: 'image/avif', srcset: '/media/a-400.avif 400w, /media/a-800.avif 800w' },
    { type: 'image/webp', srcset: '/media/a-400.webp 400w, /media/a-800.webp 800w' },
    { type: 'image/jpeg', srcset: '/media/a-400.jpg 400w, /media/a-800.jpg 800w' },
  ],
  variants: [],
  alt: { fr: 'Cabine de soin', en: 'Treatment room' },
  createdAt: '2026-11-29T10:00:00Z',
}

function draw(locale: 'fr' | 'en'): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  client.setQueryData(mediaKeys.page(1), {
    items: [media],
    total: 1,
    page: 1,
    itemPerPage: MEDIA_PAGE_SIZE,
  })
  const translator = createTranslatorFrom<MessageKey | StudioKey, StudioPluralKey>(
    locale,
    studioMessages(locale, []),
  )
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <StudioText.Provider value={translator}>
        <MediaPicker onPick={() => undefined} />
      </StudioText.Provider>
    </QueryClientProvider>,
  )
}

describe('MediaPicker', () => {
  it('draws each picture with its sources, modern first, and its alt text', () => {
    const html = draw('en')
    expect(html.indexOf('image/avif')).toBeLessThan(html.indexOf('image/webp'))
    expect(html).toMatch(
      /<source type="image\/avif" srcSet="\/media\/a-400.avif 400w, \/media\/a-800.avif 800w"/i,
    )
    expect(html).toContain('alt="Treatment room"')
    expect(html).toContain('width="800" height="600"')
    expect(html).toContain('Choose<span class="visually-hidden">: Treatment room</span>')
  })
  it("speaks the studio's language", () => {
    expect(draw('fr')).toContain('alt="Cabine de soin"')
  })
})
