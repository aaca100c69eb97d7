import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { labelProblem, MAX_LABELS } from '../../../contract/run-codes';
import type { LaunchValues } from './launch-types';

/** Pieces the launch form's inputs share. */

export const inputClass = (error: unknown) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm outline-none focus:ring-2 ${error ? 'border-red-500 focus:ring-red-200' : 'border-stone-300 focus:border-emerald-600 focus:ring-emerald-100'}`;

export const splitLabels = (text: string) =>
  text
    .split(',')
    .map((label) => label.trim())
    .filter(Boolean);

export function validateLabels(text: string): true | string {
  const labels = splitLabels(text);
  if (labels.length > MAX_LABELS) return `At most ${MAX_LABELS} labels`;
  for (const label of labels) {
    const problem = labelProblem(label);
    if (problem) return `${label}: ${problem}`;
  }
  return true;
}

/** Where the launch form draws its own fields; a parameter's input is `param-<name>`. */
const FORM_FIELD_IDS: Record<string, string> = {
  name: 'run-name',
  groupId: 'run-group',
  projectId: 'run-project',
  experimentId: 'run-experiment',
  labels: 'run-labels',
  revision: 'run-revision',
  recommendedResources: 'run-recommended-resources',
};

/** The id of a field's input (`params.models` → `param-models`), or undefined for a key the form has no field for. */
export const fieldElementId = (field: string): string | undefined => (field.startsWith('params.') ? `param-${field.slice('params.'.length)}` : FORM_FIELD_IDS[field]);

/** The fields the browser's check refused (`name`, `params.genotypes`), by the keys a refusal uses. */
export function faultyFields(errors: FieldErrors<LaunchValues>): string[] {
  return [...Object.keys(FORM_FIELD_IDS).filter((key) => errors[key as keyof LaunchValues]), ...Object.keys(errors.params ?? {}).map((name) => `params.${name}`)];
}

/**
 * The toast of a refused launch: how many fields need fixing, and no more. Each field says its
 * own problem under it, and the first is brought into view; a toast repeating the words would say
 * them twice and could cover the field it speaks of.
 */
export function needsFixingMessage(count: number): string {
  return count === 1 ? '1 field needs fixing: see the message in red under it.' : `${count} fields need fixing: see the messages in red under them.`;
}

/**
 * Brings the first of these fields, in the page's order, to the middle of the view and into focus:
 * in the middle, it is clear of the toast at the top, on a phone too.
 */
export function focusFirstField(fields: string[]): void {
  const elements = fields.flatMap((field) => {
    const id = fieldElementId(field);
    const element = id ? document.getElementById(id) : null;
    return element ? [element] : [];
  });
  const first = elements.reduce<HTMLElement | undefined>(
    (earliest, element) => (!earliest || element.compareDocumentPosition(earliest) & Node.DOCUMENT_POSITION_FOLLOWING ? element : earliest),
    undefined,
  );
  if (!first) return;
  first.scrollIntoView?.({ block: 'center' });
  first.focus({ preventScroll: true });
}

/**
 * A parameter's or group's help text, written in Markdown by pipeline authors: rendered when first
 * opened (the renderer loads then, not with the page), plain text until it has.
 */
export function Help({ text, label }: { text: string | undefined; label: string }) {
  const [html, setHtml] = useState<string | null>(null);
  if (!text) return null;
  const open = () => {
    if (html !== null) return;
    void import('./markdown').then(({ renderHelp }) => setHtml(renderHelp(text)));
  };
  return (
    <details className="mt-1 text-xs text-stone-600" onToggle={open}>
      <summary className="cursor-pointer select-none text-emerald-800">{label}</summary>
      {html === null ? (
        <p className="mt-1 whitespace-pre-line">{text}</p>
      ) : (
        // Raw HTML in the help is escaped by the renderer (markdown.ts); only Markdown becomes markup.
        <div
          className="help-markdown mt-1 space-y-1 [&_a]:text-emerald-800 [&_a]:underline [&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1 [&_ul]:list-disc [&_ul]:pl-4"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown with raw HTML escaped and links checked
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </details>
  );
}
