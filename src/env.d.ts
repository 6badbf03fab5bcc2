// Astro's client types (import.meta.env, asset imports) for tsc on a clean checkout, where the
// generated .astro/types.d.ts does not exist yet (npm test type-checks before any build).
/// <reference types="astro/client" />
