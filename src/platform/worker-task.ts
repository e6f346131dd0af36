/**
 * Where a piscina pool finds its task, `name` beside the module at `moduleUrl`: from the bundle (`npm start`) the
 * built `name.js` beside dist/main.js; from source (tsx, vitest) `name.ts`, whose threads then load tsx unless the
 * process already runs under it.
 */
export function workerTask(moduleUrl: string, name: string): { filename: string; execArgv?: string[] } {
  if (!moduleUrl.endsWith('.ts')) return { filename: new URL(`./${name}.js`, moduleUrl).href };
  const filename = new URL(`./${name}.ts`, moduleUrl).href;
  return process.execArgv.some((a) => a.includes('tsx')) ? { filename } : { filename, execArgv: [...process.execArgv, '--import', 'tsx'] };
}
