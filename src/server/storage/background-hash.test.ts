import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BackgroundHash } from './background-hash';

const sha256 = (...blocks: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const block of blocks) hash.update(block);
  return hash.digest('hex');
};

describe('a SHA-256 on the worker thread', () => {
  it('equals the one computed in place, for blocks in shared memory and out of it, with two hashes fed in turn', async () => {
    const shared = Buffer.from(new SharedArrayBuffer(1 << 20)).fill('shared block ');
    const plain = Buffer.from('a block of ordinary memory, copied to the worker\n'.repeat(1000));
    const first = new BackgroundHash();
    const second = new BackgroundHash();
    await Promise.all([first.update(shared.subarray(7, 70_000)), second.update(plain)]);
    await Promise.all([first.update(plain.subarray(100)), second.update(shared)]);
    expect(await first.digest()).toBe(sha256(shared.subarray(7, 70_000), plain.subarray(100)));
    expect(await second.digest()).toBe(sha256(plain, shared));
  });

  it('of nothing is the SHA-256 of no bytes, and a dropped one answers nothing', async () => {
    expect(await new BackgroundHash().digest()).toBe(sha256());
    const dropped = new BackgroundHash();
    await dropped.update(Buffer.from('abandoned'));
    dropped.drop();
    expect(await dropped.digest()).toBeNull();
  });
});
