/** One benchmark case: a candidate and the baseline it is measured against in the same run (bench/run.ts). */
export interface BenchCase {
  name: string;
  baselineName: string;
  baseline: () => Promise<unknown>;
  candidate: () => Promise<unknown>;
  /** Operations per round for each side. */
  ops: number;
  /** What the ratio must stay under for the case to pass (the speed goal), if there is one. */
  goal?: number;
}
