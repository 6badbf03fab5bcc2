import { describe, expect, it } from 'vitest'
import type { SiteMedia } from '#contract/media'
import { mediaByAddress } from '#domain/media/responsive'
import { sanitizeTenantHtml } from '../sanitize'
import { responsiveBodyImages } from './responsive-html'

const url = (w: number, ext: string) => `/media/c1/images/0123456789abcdef-${w}.${ext}`
const photo: SiteMedia = {
  width: 1200,
  height: 800,
  variants: [400, 800, 1200].flatMap((width) =>
    (['avif', 'webp', 'jpeg'] as const).map((format) => ({
      width,
      format,
      url: url(width, format === 'jpeg' ? 'jpg' : format),
      bytes: 1000,
    })),
  ),
  alt: { fr: 'Un soin du visage', en: 'A facial' },
}
const index = mediaByAddress([photo])
const render = (html: string, locale = 'fr') =>
  responsiveBodyImages(sanitizeTenantHtml(html), (u) => index.get(u), locale)

describe('responsiveBodyImages', () => {
  it('draws a library picture as a <picture> with AVIF and WebP sources and a fallback srcset', () => {
    const html = render(`<p>Avant</p><img src="${url(1200, 'jpg')}" alt="">`, 'en')
    expect(html).toContain('<picture><source type="image/avif" srcset="')
    expect(html).toContain(`${url(400, 'avif')} 400w, ${url(800, 'avif')} 800w`)
    expect(html).toContain('<source type="image/webp"')
    expect(html).toContain(`src="${url(800, 'jpg')}" srcset="${url(400, 'jpg')} 400w`)
    expect(html).toContain('sizes="(min-width: 48rem) 46rem, calc(100vw - 2rem)"')
    // the editor's alt is empty: the library's, in the page's language; its aspect ratio kept
    expect(html).toContain('alt="A facial" width="736" height="491" loading="lazy"')
  })

  it('keeps the body’s own alt text, escaped, and leaves other images plain', () => {
    const html = render(`<img src="${url(400, 'webp')}" alt="Le &quot;soin&quot; &amp; moi">`)
    expect(html).toContain('alt="Le &quot;soin&quot; &amp; moi"')
    const plain = '<img src="/storage/x/images/a.jpg" alt="a" loading="lazy" />'
    expect(render('<img src="/storage/x/images/a.jpg" alt="a">')).toBe(plain)
  })

  // the tenant policy has no <picture>, <source>, srcset nor sizes: only the build adds them
  it('lets a tenant inject nothing through picture, source, srcset or sizes', () => {
    const html = render(
      '<picture><source srcset="https://evil.example/x.avif" type="image/avif">' +
        '<img src="/storage/a.jpg" srcset="https://evil.example/y.jpg 1w" sizes="1px" onerror="alert(1)"></picture>',
    )
    expect(html).not.toMatch(/picture|source|srcset|sizes|evil|onerror/)
    const library = render(
      `<img src="${url(1200, 'jpg')}" alt="x" onerror="alert(1)" srcset="https://evil.example/y.jpg 1w">`,
    )
    expect(library).toContain('<picture>')
    expect(library).not.toMatch(/evil|onerror/)
  })
})
