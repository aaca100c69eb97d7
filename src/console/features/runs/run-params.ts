import { fileIdOf } from '../../../contract/file-reference';

/** A run's parameters as flat keys (`samples.0.fastq_1`), each value as text. */
export function flatParams(params: Record<string, unknown>): Map<string, string> {
  const flat = new Map<string, string>();
  const walk = (value: unknown, key: string) => {
    if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
      for (const [inner, child] of Object.entries(value)) walk(child, key ? `${key}.${inner}` : inner);
    } else {
      flat.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  };
  walk(params, '');
  return flat;
}

/** The parameters (flat keys) whose value is a stored file's reference, in the parameters' order. */
export function fileParams(params: Record<string, unknown>): Array<{ key: string; reference: string; fileId: number }> {
  return [...flatParams(params)].flatMap(([key, value]) => {
    const fileId = fileIdOf(value);
    return fileId === null ? [] : [{ key, reference: value, fileId }];
  });
}
