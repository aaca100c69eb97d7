import { describe, expect, it } from 'vitest';
import { apiReferencePages } from './api-reference';

describe('the API reference pages', () => {
  const pages = apiReferencePages();

  it('say to send a token as Bearer, as the guides and API tokens do, and that `token` is accepted too', () => {
    const runs = pages.find((page) => page.id === 'docs/reference/api/runs')!;
    expect(runs.body).toContain('**Needs a token**: `Authorization: Bearer <token>`.');
    expect(runs.body).toContain('Send `Authorization: Bearer <token>`, with the token from `authentication/login` or an API token');
    expect(runs.body).toContain('The word `token` in place of `Bearer` is accepted too.');
    expect(pages.filter((page) => page.body.includes('Authorization: token')).map((page) => page.id)).toEqual([]);
  });
});
