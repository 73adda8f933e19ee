import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Endpoint, InputOf } from '@siteops/contracts/shared/endpoint';
import { useEndpointMutation } from '@/api/queries';
import { afterReport } from '@/api/reported';
import { BatchDeleteButton } from '@/components/table/BatchDeleteButton';
import { RowDeleteButton } from '@/components/table/RowDeleteButton';
import { useRowSelection } from '@/components/table/useRowSelection';
import { message } from '@/lib/feedback';

export interface ListDeleteOptions {
  /**
   * Explains a refusal the page words itself (a record still in use); the delete then ends quietly.
   * Without it a failure propagates (the client has already reported it).
   */
  onRefused?: (error: unknown) => void;
  /** The client stays quiet on failure: `onRefused` says everything (one message per event). */
  silent?: boolean;
}

/**
 * Deleting a list's rows by id, one or the selected ones: the endpoint's `{ ids }` delete, the selection
 * kept to rows that still exist, and one success message; the toolbar's batch delete and a row's delete
 * link, each asking first.
 */
export function useListDelete<E extends Endpoint>(endpoint: E, opts: ListDeleteOptions = {}) {
  const { t } = useTranslation();
  const remove = useEndpointMutation(endpoint, [], { silent: opts.silent });
  const { selected, setSelected, ids: selectedIds, deselect, selection } = useRowSelection();

  const removeIds = async (ids: number[]) => {
    try {
      await remove.mutateAsync({ ids } as InputOf<E>);
    } catch (error) {
      if (!opts.onRefused) throw error;
      opts.onRefused(error);
      return;
    }
    deselect(ids);
    message().success(t('common.deleteSuccess'));
  };
  const batchDelete = (
    <BatchDeleteButton count={selected.length} onConfirm={() => void afterReport(removeIds(selectedIds))} />
  );
  return {
    selected,
    setSelected,
    removeIds,
    /** Spread into <DataTable>: its row checkboxes are this selection. */
    selection,
    /** The toolbar's "batch delete" of the selected rows. */
    batchDelete,
    /** Spread into a list's table: the selection, and the batch delete as its toolbar (or in the page's own). */
    selectable: { ...selection, toolbar: batchDelete },
    /** A row's "delete" link (in RowActions), or the page's own word for it. */
    rowDelete: (id: number, label?: ReactNode) => (
      <RowDeleteButton onConfirm={() => afterReport(removeIds([id]))} label={label} />
    ),
  };
}
