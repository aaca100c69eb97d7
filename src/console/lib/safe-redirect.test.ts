import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './safe-redirect';

const ORIGIN = 'https://seedbed.example.org';

describe('sameOriginPath', () => {
  // As they stand in the login page's address, read the way the page reads them.
  it.each([
    ['?next=/%5Cevil.example/x'],
    ['?next=/%09/evil.example/x'],
    ['?next=/\\/evil.example'],
    ['?next=/\\evil.example'],
    ['?next=//evil.example'],
    ['?next=%5C%5Cevil.example'],
    ['?next=https://evil.example/'],
    ['?next=javascript:alert(1)'],
    ['?next=data:text/html,hi'],
    ['?next=http://seedbed.example.org/'],
  ])('refuses %s, which leaves the site, and goes home instead', (query) => {
    const path = sameOriginPath(new URLSearchParams(query).get('next'), ORIGIN);
    expect(path).toBe('/');
    expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
  });

  it.each([
    ['/runs/list', '/runs/list'],
    ['/runs/view?id=4#log', '/runs/view?id=4#log'],
    ['/launch/../runs/list', '/runs/list'],
    ['runs/list', '/runs/list'],
  ])('keeps %j on the site as %j', (next, expected) => {
    expect(sameOriginPath(next, ORIGIN)).toBe(expected);
  });

  it('goes home without a next', () => {
    expect(sameOriginPath(null, ORIGIN)).toBe('/');
    expect(sameOriginPath('', ORIGIN)).toBe('/');
  });
});
