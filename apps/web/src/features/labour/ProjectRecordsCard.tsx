import type { ReactNode } from 'react';
import { Card } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Endpoint } from '@siteops/contracts/shared/endpoint';
import { DataTable } from '@/components/table/DataTable';
import { CreateButton } from '@/components/table/CreateButton';
import { editDeleteColumn } from '@/components/table/rowActions';
import { ModalForm, useEditDialog } from '@/components/form/ModalForm';
import { useListDelete } from '@/components/list/useListDelete';
import { useLocalListPage } from '@/components/list/useLocalListPage';
import type { ItemOf } from '@/components/list/useListPage';

type Row<E extends Endpoint> = ItemOf<E> & { id: number };

interface ProjectRecordsCardProps<E extends Endpoint, V extends object> {
  title: string;
  tableId: string;
  /** The project's rows (a paged list asked with `projectId`). */
  list: E;
  /** The `{ ids }` delete of those rows. */
  remove: Endpoint;
  projectId: number;
  columns: TableColumnsType<Row<E>>;
  dialog: {
    createTitle: string;
    editTitle: string;
    fieldNames: readonly string[];
    toValues: (row: Row<E>) => Partial<V>;
    /** Saves the form: an update of `row`, or a create where there is none. */
    save: (values: V, row: Row<E> | undefined) => Promise<unknown>;
    fields: ReactNode;
  };
}

/** A card listing one kind of a project's records (its teams, its subcontractors), created, edited and deleted in place. */
export function ProjectRecordsCard<E extends Endpoint, V extends object>(props: ProjectRecordsCardProps<E, V>) {
  const { t } = useTranslation();
  const { table } = useLocalListPage(props.list, { pageSize: 20, input: { projectId: props.projectId } as never });
  const { rowDelete } = useListDelete(props.remove);
  const edit = useEditDialog<Row<E>, V>(props.dialog.toValues);
  return (
    <Card title={props.title}>
      <DataTable<Row<E>>
        tableId={props.tableId}
        rowKey="id"
        {...table}
        list={table.list as Row<E>[] | undefined}
        toolbar={<CreateButton onClick={edit.create} />}
        columns={[...props.columns, editDeleteColumn<Row<E>>(t, edit.edit, rowDelete, { wrap: false })]}
      />
      <ModalForm<V>
        {...edit.form}
        title={edit.row ? props.dialog.editTitle : props.dialog.createTitle}
        fieldNames={props.dialog.fieldNames}
        onSubmit={(values) => props.dialog.save(values, edit.row)}
      >
        {props.dialog.fields}
      </ModalForm>
    </Card>
  );
}
