import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest browser test files first (longest-processing-time scheduling), so that the two
 * workers finish together instead of one running a long file alone at the end. On a fresh clone
 * Vitest has no recorded durations and would order by file size; the benchmark's smoke run is a
 * small file that runs for two minutes.
 */
const LONGEST = ['a11y', 'bench-smoke', 'shell', 'issue-28', 'polish-forms'];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST.findIndex((name) => f.moduleId.endsWith(`/${name}.e2e.ts`));
      return i < 0 ? LONGEST.length : i;
    };
    // A stable sort: the rest keep Vitest's order (recorded durations, else size).
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
