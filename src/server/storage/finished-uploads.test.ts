import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FinishedUploads } from './finished-uploads';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function scratch() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-finished-'));
  folders.push(folder);
  return { folder, finished: new FinishedUploads(folder) };
}

describe('finished uploads', () => {
  it('recalls what it remembered, and leaves no partial file behind', async () => {
    const { folder, finished } = scratch();
    await finished.remember('abc123', { fileId: 7, sizeBytes: 2048, userId: 3 });
    expect(await finished.recall('abc123')).toEqual({ fileId: 7, sizeBytes: 2048, userId: 3 });
    expect(fs.readdirSync(folder)).toEqual(['abc123.finished']);
    expect(await finished.recall('unknown')).toBeNull();
  });

  it('treats a damaged record as unknown instead of failing', async () => {
    const { folder, finished } = scratch();
    for (const [id, text] of [
      ['cut', '{"fileId":7,"sizeBy'],
      ['empty', ''],
      ['wrong', '{"fileId":"7","sizeBytes":2048,"userId":3}'],
      ['null', 'null'],
    ] as const) {
      fs.writeFileSync(path.join(folder, `${id}.finished`), text);
      expect(await finished.recall(id)).toBeNull();
    }
  });
});

describe('forgetting finished uploads', () => {
  it('forgets old records and records a stop interrupted, and keeps recent ones and staged uploads', async () => {
    const { folder, finished } = scratch();
    await finished.remember('recent', { fileId: 1, sizeBytes: 1, userId: 1 });
    for (const name of ['old.finished', 'cut.finished.4242.partial', 'staged-upload']) fs.writeFileSync(path.join(folder, name), '{}');
    const hourAgo = new Date(Date.now() - 3600_000);
    for (const name of ['old.finished', 'cut.finished.4242.partial', 'staged-upload']) fs.utimesSync(path.join(folder, name), hourAgo, hourAgo);
    await finished.forgetOlderThan(60_000);
    expect(fs.readdirSync(folder).sort()).toEqual(['recent.finished', 'staged-upload']);
  });
});
