import { cloneElement, useState, type MouseEvent, type ReactElement } from 'react';
import { useIntent } from './intent';

/** The button a popup opens from: a click on it may arrive before the popup is mounted. */
export type Trigger = ReactElement<{ onClick?: (e: MouseEvent<HTMLElement>) => void }>;

/**
 * A click-opened popup (Popconfirm, Dropdown, Popover) around `children`, mounted once its IntentScope is
 * armed. Until then `children` is drawn alone, and a press that comes with no pointer entry or keyboard
 * focus first (a screen reader's click) arms the scope and opens this popup on that same press.
 */
export function LazyPopup({
  children,
  render,
}: {
  children: Trigger;
  render: (trigger: Trigger, open: boolean, setOpen: (open: boolean) => void) => ReactElement;
}) {
  const { armed, arm } = useIntent();
  const [open, setOpen] = useState(false);
  if (armed) return render(children, open, setOpen);
  return cloneElement(children, {
    onClick: (e: MouseEvent<HTMLElement>) => {
      children.props.onClick?.(e);
      arm(() => setOpen(true));
    },
  });
}
