import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (processes started, databases made, many races), slowest first.
 * Vitest orders a run by the durations it saw last time, and a fresh clone (CI) has none: by file
 * size, these small files came last and one worker ran them alone for a minute or two at the end.
 */
const SLOWEST = [
  'src/index.test.ts',
  'src/db/db.test.ts',
  'src/db/session-cache.test.ts',
  'src/realtime/fanout.test.ts',
  'src/modules/packages/lifecycle/lifecycle.model.test.ts',
  'src/modules/places/native-names.test.ts',
  'src/db/data-dir-lock.test.ts',
  'src/modules/packages/lifecycle/lifecycle.races.test.ts',
  'src/modules/packages/package-reads.test.ts',
  'src/modules/silence.test.ts',
  'src/modules/faults.test.ts',
  'src/matching/split.test.ts',
  'src/matching/concurrency.test.ts',
  'src/dev-mode.test.ts',
];

function rank(file: TestSpecification): number {
  const index = SLOWEST.findIndex((name) => file.moduleId.endsWith(name.slice('src'.length)));
  return index === -1 ? SLOWEST.length : index;
}

/** Vitest's own order, with the files known to be slow moved to the front. */
export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
