import { nearestName } from '../../contract/nearest-name';
import { type CataloguePipeline, describeLessThanWhen } from './catalogue';

/** Every parameter's schema default, by name. */
function defaultsOf(pipeline: CataloguePipeline): Map<string, unknown> {
  const defaults = new Map<string, unknown>();
  for (const group of Object.values(pipeline.schema.$defs)) {
    for (const [name, property] of Object.entries(group.properties)) if (property.default !== undefined) defaults.set(name, property.default);
  }
  return defaults;
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Fills in schema defaults for parameters the launch left out (Nextflow does this from its config). */
export function withDefaults(pipeline: CataloguePipeline, params: Record<string, unknown>): Record<string, unknown> {
  const filled: Record<string, unknown> = Object.fromEntries(defaultsOf(pipeline));
  for (const [name, value] of Object.entries(params)) if (isSet(value)) filled[name] = value;
  return filled;
}

/**
 * Only what differs from the schema's defaults, as `nf-core launch` writes a params file.
 * `-params-file` outranks `-c` and profiles, so a default written there would override a
 * site's own settings (igenomes_base, max_memory) for no reason.
 */
export function changedFromDefaults(pipeline: CataloguePipeline, params: Record<string, unknown>): Record<string, unknown> {
  const defaults = defaultsOf(pipeline);
  return Object.fromEntries(Object.entries(params).filter(([name, value]) => isSet(value) && JSON.stringify(value) !== JSON.stringify(defaults.get(name))));
}

/**
 * The parameters the launch names that the pipeline's schema does not, each with the refusal: a
 * misspelt name (cv_fold) would otherwise be passed on and ignored, and the run would use the
 * default of the parameter meant, under the name asked for.
 */
export function unknownParameters(pipeline: CataloguePipeline, params: Record<string, unknown>): Record<string, string> {
  const known = Object.values(pipeline.schema.$defs).flatMap((group) => Object.keys(group.properties));
  const errors: Record<string, string> = {};
  for (const name of Object.keys(params)) {
    if (known.includes(name)) continue;
    const nearest = nearestName(name, known, 3);
    errors[name] = `${pipeline.manifest.label} has no parameter ${name}${nearest ? `: did you mean ${nearest}?` : '; its parameters are listed in Docs → Reference → Pipelines.'}`;
  }
  return errors;
}

/**
 * The parameters that are not below the one they must stay under (pipeline.json's `lessThan`),
 * each with its refusal, the values as the run would see them (defaults filled in). A rule with a
 * `when` applies only while those values match it: Auto Train runs no chain without bayesb or bayes_c.
 * A rule either of whose values is `refused` already (out of its bounds, not a whole number) is
 * not compared: the refusal of that value comes first, and the order may hold once it is fixed.
 */
export function orderProblems(pipeline: CataloguePipeline, params: Record<string, unknown>, refused: ReadonlySet<string> = new Set()): Record<string, string> {
  const values = withDefaults(pipeline, params);
  const problems: Record<string, string> = {};
  for (const [name, rule] of Object.entries(pipeline.manifest.lessThan ?? {})) {
    if (refused.has(name) || refused.has(rule.parameter)) continue;
    const applies = pipeline.lessThanWhen[name]?.(values) ?? true;
    const value = values[name];
    const bound = values[rule.parameter];
    if (applies && typeof value === 'number' && typeof bound === 'number' && value >= bound)
      problems[name] = `Must be less than ${rule.parameter} (${bound})${describeLessThanWhen(rule)}: ${rule.message}`;
  }
  return problems;
}
