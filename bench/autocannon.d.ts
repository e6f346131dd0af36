// The part of autocannon's programmatic API that bench/peers.ts uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    amount?: number;
    headers?: Record<string, string>;
    timeout?: number;
    sampleInt?: number;
  }
  interface Result {
    requests: { total: number; average: number };
    /** Milliseconds. */
    latency: { p50: number; p99: number; average: number };
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
