import { useState } from 'react';

/** One value of a JSON document: objects and arrays fold (the top two levels open), scalars show as JSON writes them. */
function JsonNode({ name, value, depth }: { name: string | null; value: unknown; depth: number }) {
  const [open, setOpen] = useState(depth < 2);
  const label = name === null ? null : <span className="text-stone-500">{name}: </span>;
  if (value === null || typeof value !== 'object') {
    const colour = typeof value === 'string' ? 'text-emerald-800' : typeof value === 'number' ? 'text-sky-800' : 'text-violet-800';
    return (
      <li>
        {label}
        <span className={`${colour} break-all`}>{JSON.stringify(value)}</span>
      </li>
    );
  }
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  const summary = Array.isArray(value) ? `[${entries.length.toLocaleString('en')} items]` : `{${entries.length.toLocaleString('en')} keys}`;
  return (
    <li>
      <button type="button" className="text-left hover:text-stone-900" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span aria-hidden="true" className="inline-block w-4 text-stone-400">
          {open ? '▾' : '▸'}
        </span>
        {label}
        <span className="text-stone-400">{summary}</span>
      </button>
      {open && (
        <ul className="ml-4 border-l border-stone-200 pl-3">
          {entries.slice(0, 1000).map(([key, item]) => (
            <JsonNode key={key} name={key} value={item} depth={depth + 1} />
          ))}
          {entries.length > 1000 && <li className="text-stone-400">…and {(entries.length - 1000).toLocaleString('en')} more</li>}
        </ul>
      )}
    </li>
  );
}

/** A JSON document as a tree that folds. */
export function JsonTree({ tree }: { tree: unknown }) {
  return (
    <ul aria-label="JSON tree" className="overflow-x-auto font-mono text-xs text-stone-800">
      <JsonNode name={null} value={tree} depth={0} />
    </ul>
  );
}
