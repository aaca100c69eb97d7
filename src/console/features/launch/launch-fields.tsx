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

/** The launch form's own fields as the form labels them; parameters go by their names. */
const FORM_FIELD_LABELS: Record<string, string> = {
  name: 'Run name',
  labels: 'Labels',
  groupId: 'Run group',
  projectId: 'Project',
  experimentId: 'Experiment',
  revision: 'Revision',
  recommendedResources: 'Recommended resources',
};

/**
 * The toast for a launch the form refused: the one field at fault with its problem, or the fields
 * at fault by name ("Some parameters need attention" sent people hunting when the fault was a label).
 */
export function needsAttentionMessage(errors: FieldErrors<LaunchValues>): string {
  const faults: Array<[string, unknown]> = [
    ...Object.entries(FORM_FIELD_LABELS)
      .filter(([key]) => errors[key as keyof LaunchValues])
      .map(([key, label]): [string, unknown] => [label, errors[key as keyof LaunchValues]?.message]),
    ...Object.entries((errors.params ?? {}) as Record<string, { message?: unknown } | undefined>).map(([name, error]): [string, unknown] => [name, error?.message]),
  ];
  if (faults.length === 1) {
    const [name, message] = faults[0]!;
    return typeof message === 'string' && message ? `${name}: ${message}` : `${name} needs attention; see the message in red.`;
  }
  const names = faults.map(([name]) => name);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : 'Some fields';
  return `${listed} need attention; see the messages in red.`;
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
