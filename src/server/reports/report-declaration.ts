import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { type ReportDeclaration, reportDeclarationSchema } from '../../contract/reports';

/**
 * A pipeline's report, read with its catalogue folder: `report.json` beside `pipeline.json`,
 * and Seqera's `tower.yml`, whose `reports:` entries (an output pattern and its `display` name)
 * become previews. A file that cannot be used leaves the pipeline launchable, without a report,
 * and its Results tab says what is wrong and how to fix it.
 */
export interface PipelineReport {
  declaration: ReportDeclaration | null;
  problem: string | null;
}

/** The report of the pipeline in `directory` (its catalogue folder). */
export function readPipelineReport(directory: string): PipelineReport {
  const reportFile = path.join(directory, 'report.json');
  const towerFile = ['tower.yml', 'tower.yaml'].map((name) => path.join(directory, name)).find((file) => fs.existsSync(file));
  if (!fs.existsSync(reportFile) && !towerFile) return { declaration: null, problem: null };
  try {
    const declaration = fs.existsSync(reportFile) ? parseReportJson(reportFile) : reportDeclarationSchema.parse({});
    if (towerFile) declaration.previews.push(...towerPreviews(towerFile));
    return { declaration, problem: null };
  } catch (error) {
    return { declaration: null, problem: error instanceof Error ? error.message : String(error) };
  }
}

function parseReportJson(file: string): ReportDeclaration {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)}). Fix the file and restart Seedbed.`);
  }
  const parsed = reportDeclarationSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: ${issue.path.join('.') || 'the file'}: ${issue.message}. Fix the file (Docs → Administrator guide → The pipeline catalogue, report.json) and restart Seedbed.`);
  }
  return parsed.data;
}

/** Seqera's `reports:` map, `pattern: { display: "…" }`, as previews. */
function towerPreviews(file: string): ReportDeclaration['previews'] {
  let document: unknown;
  try {
    document = parseYaml(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not valid YAML (${error instanceof Error ? error.message : String(error)}). Fix the file and restart Seedbed.`);
  }
  const reports = (document as { reports?: unknown } | null)?.reports;
  if (reports === undefined || reports === null) return [];
  if (typeof reports !== 'object' || Array.isArray(reports)) throw new Error(`${file}: "reports" must map output patterns to { display: "…" }, as Seqera reads it.`);
  return Object.entries(reports as Record<string, unknown>).map(([pattern, entry]) => {
    const display = (entry as { display?: unknown } | null)?.display;
    // Seqera matches a pattern against any folder of the results; "**/" lets ours do the same.
    if (pattern.startsWith('/') || pattern.split('/').includes('..')) throw new Error(`${file}: the report pattern ${pattern} leaves the output directory; give a path inside it.`);
    return { title: typeof display === 'string' && display ? display : pattern, file: pattern.startsWith('**/') || pattern.includes('/') ? pattern : `**/${pattern}` };
  });
}
