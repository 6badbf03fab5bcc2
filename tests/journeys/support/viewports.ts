export interface Viewport {
  readonly width: number
  readonly height: number
}

/** The two screens the journeys visit with: a phone (iPhone 12-15 CSS size) and a desktop. */
export const PHONE: Viewport = { width: 390, height: 844 }
export const DESKTOP: Viewport = { width: 1280, height: 800 }
