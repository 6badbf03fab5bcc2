import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { measuredSeconds, shardFiles } from './shards'

/**
 * vitest's sequencer with `--shard` cut by measured time instead of by file count (shards.ts);
 * the order within a shard stays vitest's.
 */
export class WeightedSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { root, shard } = this.ctx.config
    if (!shard) return files
    const pathOf = new Map(files.map((spec) => [spec, relative(root, spec.moduleId)]))
    const keep = new Set(shardFiles([...pathOf.values()], shard, measuredSeconds))
    return files.filter((spec) => keep.has(pathOf.get(spec) ?? ''))
  }
}
