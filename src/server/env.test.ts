import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, readEnv } from './env';

describe('readEnv', () => {
  it('applies the defaults on an empty environment', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ PORT: 4321, HOST: '0.0.0.0', SEEDBED_TRUST_PROXY: false, SEEDBED_CORS_ORIGINS: [], SEEDBED_LOG_LEVEL: 'info' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEEDBED_DATA_DIR).toBe(path.resolve('data'));
  });

  it('treats an empty value as unset', () => {
    expect(readEnv({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 4321, DATABASE_URL: undefined });
  });

  it.each([
    ['PORT', 'abc', /PORT .*got "abc".*Set PORT to a free TCP port/],
    ['PORT', '70000', /PORT .*Set PORT/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL must start with postgres:\/\/.*unset it to use the embedded database/],
    ['SEEDBED_ADMIN_EMAIL', 'not-an-email', /SEEDBED_ADMIN_EMAIL must be an email address/],
    ['SEEDBED_ADMIN_PASSWORD', 'short', /SEEDBED_ADMIN_PASSWORD must be at least 12 characters/],
    ['SEEDBED_LOG_LEVEL', 'loud', /SEEDBED_LOG_LEVEL .*one of debug, info, warn, error/],
    ['SEEDBED_CORS_ORIGINS', 'not a url', /SEEDBED_CORS_ORIGINS/],
  ])('stops on a bad %s with the variable and the fix', (name, value, message) => {
    expect(() => readEnv({ [name]: value })).toThrow(ConfigurationError);
    expect(() => readEnv({ [name]: value })).toThrow(message);
  });

  it('reads SEEDBED_INPUT_DIRS as absolute folders, and refuses a relative one or one that holds or lies in the data folder', () => {
    expect(readEnv({ SEEDBED_INPUT_DIRS: '/srv/genomes, /mnt/sequencer' }).SEEDBED_INPUT_DIRS).toEqual(['/srv/genomes', '/mnt/sequencer']);
    expect(readEnv({}).SEEDBED_INPUT_DIRS).toEqual([]);
    expect(() => readEnv({ SEEDBED_INPUT_DIRS: 'genomes' })).toThrow(/SEEDBED_INPUT_DIRS must be a comma-separated list of absolute folders.*Set SEEDBED_INPUT_DIRS/);
    expect(() => readEnv({ SEEDBED_DATA_DIR: '/srv/seedbed/data', SEEDBED_INPUT_DIRS: '/srv' })).toThrow(/SEEDBED_INPUT_DIRS lists \/srv, which holds or lies in SEEDBED_DATA_DIR/);
    expect(() => readEnv({ SEEDBED_DATA_DIR: '/srv/seedbed/data', SEEDBED_INPUT_DIRS: '/srv/seedbed/data/files' })).toThrow(/lies in SEEDBED_DATA_DIR/);
  });

  it('names every bad variable at once', () => {
    expect(() => readEnv({ PORT: 'x', SEEDBED_LOG_LEVEL: 'y' })).toThrow(/PORT[\s\S]*SEEDBED_LOG_LEVEL/);
  });
});
