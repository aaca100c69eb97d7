import { adjectives, animals, uniqueNamesGenerator } from 'unique-names-generator';
import { RUN_NAME_PATTERN } from '../../../contract/run-codes';

/** A readable default run name in Nextflow's style, e.g. `gentle_bonobo`. */
export function randomRunName(): string {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const name = uniqueNamesGenerator({ dictionaries: [adjectives, animals], separator: '_', length: 2, style: 'lowerCase' });
    if (RUN_NAME_PATTERN.test(name)) return name;
  }
  return `run_${Date.now().toString(36)}`;
}
