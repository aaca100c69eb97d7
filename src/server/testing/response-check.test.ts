import { describe, expect, it } from 'vitest';
import { createResponseChecker } from './response-check';

const document = {
  paths: {
    '/runs/{id}': { get: { responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Run' } } } } } } },
    '/runs/status-counts': { get: { responses: { '200': { content: { 'application/json': { schema: { type: 'object', properties: { total: { type: 'integer' } }, required: ['total'] } } } } } } },
  },
  components: { schemas: { Run: { type: 'object', properties: { id: { type: 'integer' }, status: { enum: ['RUNNING', 'FAILED'] } }, required: ['id', 'status'] } } },
};

describe('the response check of API tests', () => {
  const check = createResponseChecker(document);

  it('passes an answer its contract describes', () => {
    expect(check('GET', '/runs/4', 200, { id: 4, status: 'RUNNING' })).toBeNull();
  });

  it('names the route and the mismatch when an answer breaks its contract', () => {
    expect(check('GET', '/runs/4', 200, { id: '4', status: 'EXPLODED' })).toMatch(/GET \/runs\/\{id\} 200 does not match its contract: .*id.*integer/);
  });

  it('prefers a literal path over a parameter', () => {
    expect(check('GET', '/runs/status-counts', 200, { total: 3 })).toBeNull();
    expect(check('GET', '/runs/status-counts', 200, { id: 1, status: 'RUNNING' })).toMatch(/status-counts/);
  });

  it('flags a JSON answer with a status the contract does not list', () => {
    expect(check('GET', '/runs/4', 201, { id: 4 })).toMatch(/does not describe/);
  });
});
