import { labelProblem, MAX_LABELS } from '../../../contract/run-codes';

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

export function Help({ text, label }: { text: string | undefined; label: string }) {
  if (!text) return null;
  return (
    <details className="mt-1 text-xs text-stone-600">
      <summary className="cursor-pointer select-none text-emerald-800">{label}</summary>
      <p className="mt-1 whitespace-pre-line">{text}</p>
    </details>
  );
}
