/** A live claim: what occupies a resource, instants in ms since the epoch. */
export interface BusySpan {
  readonly resourceId: string
  readonly startsAt: number
  readonly endsAt: number
}
