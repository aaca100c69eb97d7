import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

describe('the embedded database handle', () => {
  it('lets a LISTEN asked for just before close finish, instead of rejecting it unheard', async () => {
    const database = await openDatabase({});
    const listening = database.listen('seedbed_close_test', () => {});
    await database.close();
    await expect(listening).resolves.toBeUndefined();
  });
});
