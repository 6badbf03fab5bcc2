import { describe, expect, it } from 'vitest'
import { buildSlotBlocks, type SlotBlock } from './slot-blocks'

const afternoon = { start: '14:00', end: '18:00' }
const morningAndAfternoon = [{ start: '09:00', end: '12:00' }, afternoon]

function openStarts(blocks: SlotBlock[]): number[] {
  return blocks.filter((b) => b.open).map((b) => b.start)
}

describe('slot blocks (docs/product/5-rules.md, docs/product/9-constants.md cuttingHours default 30)', () => {
  it('cuts blocks of 30 minutes by default, from first opening to last closing', () => {
    const blocks = buildSlotBlocks({ status: 'day', hours: [{ start: '09:00', end: '11:00' }] })
    expect(blocks).toEqual([
      { start: 540, end: 570, open: true },
      { start: 570, end: 600, open: true },
      { start: 600, end: 630, open: true },
      { start: 630, end: 660, open: true },
    ])
  })

  it('on a day status every block between opening and closing is open, the break too', () => {
    const blocks = buildSlotBlocks({ status: 'day', hours: morningAndAfternoon })
    expect(blocks).toHaveLength(18)
    expect(blocks.every((b) => b.open)).toBe(true)
  })

  it('on a pause status a block is open only when fully inside one hour range', () => {
    const blocks = buildSlotBlocks(
      { status: 'pause', hours: [{ start: '09:00', end: '12:15' }, afternoon] },
      { cuttingHours: 30 },
    )
    const closed = blocks.filter((b) => !b.open).map((b) => b.start)
    // 12:00-12:30 straddles the closing at 12:15; 12:30 to 14:00 is the break.
    expect(closed).toEqual([720, 750, 780, 810])
    expect(openStarts(blocks)).toContain(690)
    expect(openStarts(blocks)).toContain(840)
  })

  it('any other status closes every block', () => {
    for (const status of ['closed', '', null, undefined]) {
      const blocks = buildSlotBlocks({ status, hours: morningAndAfternoon })
      expect(blocks).toHaveLength(18)
      expect(blocks.some((b) => b.open)).toBe(false)
    }
  })

  it('docs/product/3-entities.md: honours the company cuttingHours and falls back to 30 on a bad value', () => {
    const day = { status: 'day', hours: [{ start: '09:00', end: '10:00' }] }
    expect(buildSlotBlocks(day, { cuttingHours: 15 })).toHaveLength(4)
    expect(buildSlotBlocks(day, { cuttingHours: 60 })).toHaveLength(1)
    for (const cuttingHours of [0, -15, 7.5, Number.NaN, null]) {
      expect(buildSlotBlocks(day, { cuttingHours })).toHaveLength(2)
    }
  })

  it('a trailing remainder shorter than a block is not a block', () => {
    const blocks = buildSlotBlocks({ status: 'day', hours: [{ start: '09:00', end: '10:45' }] })
    expect(blocks.map((b) => b.start)).toEqual([540, 570, 600])
  })

  it('blocks start at the opening time even when it is not on the grid', () => {
    const blocks = buildSlotBlocks({ status: 'day', hours: [{ start: '09:15', end: '10:15' }] })
    expect(blocks.map((b) => [b.start, b.end])).toEqual([
      [555, 585],
      [585, 615],
    ])
  })

  it('with an explicit window, blocks outside the opening span are closed', () => {
    const window = { start: 480, end: 600 }
    const day = buildSlotBlocks(
      { status: 'day', hours: [{ start: '09:00', end: '10:00' }] },
      { window },
    )
    expect(day.map((b) => b.open)).toEqual([false, false, true, true])
    const pause = buildSlotBlocks(
      { status: 'pause', hours: [{ start: '09:00', end: '10:00' }] },
      { window },
    )
    expect(pause.map((b) => b.open)).toEqual([false, false, true, true])
    const noHours = buildSlotBlocks({ status: 'day', hours: [] }, { window })
    expect(noHours.every((b) => b.open)).toBe(true)
  })

  it('docs/product/3-entities.md: a day without usable hours has no blocks; malformed ranges are skipped', () => {
    expect(buildSlotBlocks(undefined)).toEqual([])
    expect(buildSlotBlocks({ status: 'day' })).toEqual([])
    expect(buildSlotBlocks({ status: 'day', hours: [{ start: '10:00', end: '09:00' }] })).toEqual(
      [],
    )
    const blocks = buildSlotBlocks({
      status: 'pause',
      hours: [
        { start: 'bad', end: '11:00' },
        { start: '10:00', end: '11:00' },
      ],
    })
    expect(blocks).toEqual([
      { start: 600, end: 630, open: true },
      { start: 630, end: 660, open: true },
    ])
  })

  it('a day open until midnight ends with the 23:30 block', () => {
    const blocks = buildSlotBlocks({ status: 'day', hours: [{ start: '22:00', end: '24:00' }] })
    expect(blocks.at(-1)).toEqual({ start: 1410, end: 1440, open: true })
  })
})
