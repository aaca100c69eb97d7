import { beforeAll, describe, expect, it } from 'vitest';
import type { FilesetDetail, StoredFile } from '../../../contract/files';
import { seedFileTypes } from '../../services/file-types';
import { setUpTestApi } from '../../testing/test-api';

const api = setUpTestApi();
beforeAll(() => seedFileTypes(api.t.db));

const store = async (name: string, text: string) =>
  (await (await api.t.call(`/files?name=${encodeURIComponent(name)}`, { method: 'POST', token: api.token, body: text, headers: { 'Content-Type': 'application/octet-stream' } })).json()) as StoredFile;

describe('filesets', () => {
  it('are created with files, listed with counts and sizes, renamed, added to and emptied', async () => {
    const traits = await store('fileset-traits.csv', 'id,yield\nA,1\n');
    const qtl = await store('fileset-qtl.csv', 'marker,chromosome,position,trait,effect\nm1,1,100,yield,0.5\n');
    const project = (await (await api.t.call('/projects', { method: 'POST', token: api.token, json: { name: 'Fileset project' } })).json()) as { id: number };
    const created = await api.t.call('/filesets', { method: 'POST', token: api.token, json: { name: 'Wheat GWAS 2026', description: 'Known QTL', projectId: project.id, fileIds: [traits.id] } });
    expect(created.status).toBe(201);
    const fileset = (await created.json()) as FilesetDetail;
    expect(fileset).toMatchObject({ name: 'Wheat GWAS 2026', projectName: 'Fileset project', fileCount: 1, totalBytes: traits.sizeBytes });
    expect(fileset.files.map((file) => [file.name, file.sha256])).toEqual([['fileset-traits.csv', traits.sha256]]);

    const added = (await (await api.t.call(`/filesets/${fileset.id}/files`, { method: 'POST', token: api.token, json: { fileIds: [qtl.id, traits.id] } })).json()) as FilesetDetail;
    expect(added.files.map((file) => file.name).sort()).toEqual(['fileset-qtl.csv', 'fileset-traits.csv']);

    const listed = (await (await api.t.call('/filesets?q=wheat%20gwas', { token: api.token })).json()) as { data: Array<{ id: number; fileCount: number; totalBytes: number }> };
    expect(listed.data.find((row) => row.id === fileset.id)).toMatchObject({ fileCount: 2, totalBytes: traits.sizeBytes + qtl.sizeBytes, fileTypes: ['known-QTL CSV', 'phenotype CSV'] });
    const scorable = (await (await api.t.call(`/filesets?fileTypes=${encodeURIComponent('known-QTL CSV,phenotype CSV')}`, { token: api.token })).json()) as { data: Array<{ id: number }> };
    expect(scorable.data.map((row) => row.id)).toContain(fileset.id);
    const lacking = (await (await api.t.call(`/filesets?fileTypes=${encodeURIComponent('known-QTL CSV,associations CSV')}`, { token: api.token })).json()) as { data: Array<{ id: number }> };
    expect(lacking.data.map((row) => row.id)).not.toContain(fileset.id);
    const files = (await (await api.t.call(`/files?filesetId=${fileset.id}`, { token: api.token })).json()) as { data: StoredFile[] };
    expect(files.data).toHaveLength(2);

    const renamed = await api.t.call(`/filesets/${fileset.id}`, { method: 'PATCH', token: api.token, json: { name: 'Wheat GWAS 2026 v2' } });
    expect(((await renamed.json()) as FilesetDetail).name).toBe('Wheat GWAS 2026 v2');
    expect((await api.t.call(`/filesets/${fileset.id}/files/${qtl.id}`, { method: 'DELETE', token: api.token })).status).toBe(204);
    expect((await api.t.call(`/filesets/${fileset.id}`, { method: 'DELETE', token: api.token })).status).toBe(204);
    // The files stay stored.
    expect((await api.t.call(`/files/${traits.id}`, { token: api.token })).status).toBe(200);
  });

  it('refuses a second fileset of the same name (any case) and files that do not exist', async () => {
    await api.t.call('/filesets', { method: 'POST', token: api.token, json: { name: 'Unique set' } });
    const again = await api.t.call('/filesets', { method: 'POST', token: api.token, json: { name: 'UNIQUE SET' } });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/A fileset named “UNIQUE SET” exists already/);
    const missing = await api.t.call('/filesets', { method: 'POST', token: api.token, json: { name: 'Ghost files', fileIds: [987654] } });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { errors: Record<string, string> }).errors.fileIds).toBe('No stored file has id 987654');
  });

  it('puts an upload in a fileset when the upload names it', async () => {
    const fileset = (await (await api.t.call('/filesets', { method: 'POST', token: api.token, json: { name: 'Upload target' } })).json()) as FilesetDetail;
    const response = await api.t.call(`/files?name=into-set.csv&filesetId=${fileset.id}`, {
      method: 'POST',
      token: api.token,
      body: 'id,yield\nA,1\n',
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    expect(response.status).toBe(201);
    const detail = (await (await api.t.call(`/filesets/${fileset.id}`, { token: api.token })).json()) as FilesetDetail;
    expect(detail.files.map((file) => file.name)).toEqual(['into-set.csv']);
  });
});
