import { useState } from 'react';

/**
 * Which row a list's form is open for: none, a new one, or one being edited. `row` is the edited row
 * (undefined while creating), for forms that start from it.
 */
export function useRowEditor<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    editing,
    open: editing !== null,
    row: editing === 'new' || editing === null ? undefined : editing,
    create: () => setEditing('new'),
    edit: (row: T) => setEditing(row),
    close: () => setEditing(null),
  };
}
