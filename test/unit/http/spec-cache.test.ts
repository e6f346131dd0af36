import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { SPEC_PATH, readSpecCache, sha256, writeSpecCache } from '../../../src/http/spec/spec.js';
import { tempDir } from '../../helpers/app.js';

// `npm run build` leaves openapi.yaml parsed in dist/openapi.cache.json; the server must use it only for the YAML it
// was made from.
describe('the build cache of openapi.yaml', () => {
  const yaml = fs.readFileSync(SPEC_PATH, 'utf8');

  it('holds the parsed spec under the SHA-256 of the YAML, and is read back for that hash only', async () => {
    const file = path.join(tempDir('ephemail-spec-cache-'), 'openapi.cache.json');
    await writeSpecCache(file);
    const cache = JSON.parse(fs.readFileSync(file, 'utf8')) as { sha256: string; document: unknown };
    expect(cache.sha256).toBe(sha256(yaml));
    expect(cache.document).toEqual(YAML.parse(yaml));
    expect(readSpecCache(sha256(yaml), file)).toEqual(YAML.parse(yaml));
    expect(readSpecCache(sha256(`${yaml}\n# edited`), file)).toBeUndefined();
  });

  it('is ignored when missing or unreadable', () => {
    const dir = tempDir('ephemail-spec-cache-');
    expect(readSpecCache(sha256(yaml), path.join(dir, 'none.json'))).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'broken.json'), '{"sha256":');
    expect(readSpecCache(sha256(yaml), path.join(dir, 'broken.json'))).toBeUndefined();
  });
});
