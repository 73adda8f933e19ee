import { useState, type Key } from 'react';

/**
 * The rows a list page has selected for its batch actions (the page owns them, DataTable shows them):
 * their keys, the same as the numeric ids the batch endpoints take, and `deselect` for rows a batch took
 * away, so the selection keeps only rows that still exist. Spread `selection` into the table.
 */
export function useRowSelection() {
  const [selected, setSelected] = useState<Key[]>([]);
  return {
    selected,
    setSelected,
    ids: selected.map(Number),
    deselect: (ids: readonly number[]) => setSelected((keys) => keys.filter((k) => !ids.includes(Number(k)))),
    /** Spread into <DataTable> (or a ListLayout's table): its row checkboxes are this selection. */
    selection: { selectedKeys: selected, onSelectedKeysChange: setSelected },
  };
}
