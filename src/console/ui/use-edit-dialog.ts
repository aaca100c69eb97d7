import { useState } from 'react';

/**
 * The edit dialog of a record's page: shown while `editing`; a save closes it and moves `version`
 * on, which the page's requests take as their reload key, so the page shows what was saved.
 */
export function useEditDialog() {
  const [editing, setEditing] = useState(false);
  const [version, setVersion] = useState(0);
  return {
    editing,
    version,
    open: () => setEditing(true),
    close: () => setEditing(false),
    saved: () => {
      setEditing(false);
      setVersion((value) => value + 1);
    },
  };
}
