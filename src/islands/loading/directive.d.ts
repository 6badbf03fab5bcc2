import 'astro'

// Lets .astro files type `client:when-needed` (decision 007).
declare module 'astro' {
  interface AstroClientDirectives {
    'client:when-needed'?: string
  }
}
