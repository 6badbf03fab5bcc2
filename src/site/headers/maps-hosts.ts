/**
 * The Google Maps JavaScript API (docs/decisions/033-maps-after-consent.md), from Google's CSP
 * guidance for the Maps JavaScript API (allowlist form), https only: the loader and its libraries
 * (maps.googleapis.com, *.gstatic.com), tiles and marker images, the places and geocoding calls.
 * Only on the pages that show a map or the city autocomplete, only when the company configured
 * the provider; the consent still decides whether it loads.
 */
export const GOOGLE_MAPS_HOSTS = {
  'script-src': ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'],
  'img-src': [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    'https://*.google.com',
    'https://*.googleusercontent.com',
  ],
  'connect-src': ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
  'font-src': ['https://fonts.gstatic.com'],
  'style-src': ['https://fonts.googleapis.com'],
  'frame-src': ['https://*.google.com'],
} as const
