import type { ComponentProps } from 'react'
import type BookingCartIsland from '../booking/BookingCartIsland'
import type BookingIsland from '../booking/BookingIsland'
import type CartButton from '../cart/CartButton'
import type EshopCart from '../eshop/EshopCart'
import type GiftForm from '../gift/GiftForm'
import type ShopSearch from '../marketplace/ShopSearch'
import { isNeed, type Need } from './needs'

/**
 * What mounts an island: one of the needs of `needs.ts`, 'visible' (its element scrolled
 * into view, for an island whose server-rendered content it hydrates) or 'used' (the visitor
 * points at, touches or focuses its server-rendered content: docs/decisions/058-consent-first-visit.md).
 */
export type Trigger = Need | 'visible' | 'used'

function isTrigger(value: string): value is Trigger {
  return value === 'visible' || value === 'used' || isNeed(value)
}

/**
 * The islands the page script mounts (decision 010): the page writes their element with their
 * props (empty, or with the island's server rendering to hydrate), and the page script
 * (`mount-needed.ts`) imports React and the island only when one of its triggers holds.
 * Type-only imports: nothing here reaches a bundle.
 */
export interface NeededIslandProps {
  'cart-button': ComponentProps<typeof CartButton>
  booking: ComponentProps<typeof BookingIsland>
  'booking-cart': ComponentProps<typeof BookingCartIsland>
  'eshop-cart': ComponentProps<typeof EshopCart>
  'shop-search': ComponentProps<typeof ShopSearch>
  gift: ComponentProps<typeof GiftForm>
}

export type NeededIslandName = keyof NeededIslandProps

const NAMES: readonly NeededIslandName[] = [
  'cart-button',
  'booking',
  'booking-cart',
  'eshop-cart',
  'shop-search',
  'gift',
]

export function isNeededIslandName(value: string): value is NeededIslandName {
  return (NAMES as readonly string[]).includes(value)
}

/** The attributes of the element `island` mounts on; any one of `when` mounts it. */
export function neededIsland<N extends NeededIslandName>(
  island: N,
  when: readonly Trigger[],
  props: NeededIslandProps[N],
): Record<string, string> {
  return {
    class: 'needed-island',
    'data-needed-island': island,
    'data-when': when.join(','),
    'data-props': JSON.stringify(props),
  }
}

export interface NeededIslandElement {
  readonly island: NeededIslandName
  readonly when: readonly Trigger[]
  readonly props: Readonly<Record<string, unknown>>
}

/** What such an element's data attributes describe, or null when they are not one of ours. */
export function readNeededIsland(data: {
  neededIsland?: string | undefined
  when?: string | undefined
  props?: string | undefined
}): NeededIslandElement | null {
  const { neededIsland: island = '', when = '', props = '' } = data
  if (!isNeededIslandName(island)) return null
  const needs = when
    .split(',')
    .map((part) => part.trim())
    .filter(isTrigger)
  let parsed: unknown
  try {
    parsed = JSON.parse(props)
  } catch {
    return null
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null
  return { island, when: needs, props: parsed as Record<string, unknown> }
}
