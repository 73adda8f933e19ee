import { useFormSave, type FormSaveOptions } from './useFormSave';

/**
 * A FormDrawer's form and its save (see useFormSave); `drawer` goes to the FormDrawer: open, close,
 * save, the save button's spinner, and closing by its buttons only, since a drawer's form is long.
 */
export function useDrawerForm<V extends object>(
  drawer: { open: boolean; onClose: () => void },
  fieldNames: readonly string[],
  save: (values: V) => Promise<unknown>,
  more: Pick<FormSaveOptions<V>, 'onSaved' | 'placeErrors'> = {},
) {
  const { form, saving, submit } = useFormSave<V>({ ...more, fieldNames, save, onClose: drawer.onClose });
  return { form, submit, drawer: { ...drawer, onSave: submit, saving, closeByButtonOnly: true } };
}
