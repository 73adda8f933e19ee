import {
  cloneElement,
  createElement,
  useState,
  type ComponentType,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
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

/** What a click-opened antd popup (Popconfirm, Dropdown, Popover) takes that LazyPopup drives. */
interface PopupProps {
  open?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each popup adds its own second argument
  onOpenChange?: (open: boolean, ...info: any[]) => void;
  children?: ReactNode;
}

/**
 * `Popup` (an antd popup opened by a click on its one child) as a LazyPopup: its open state held here,
 * the caller's onOpenChange still told; `defaults` go under the caller's props (Dropdown's click trigger).
 */
export function lazyPopup<P extends PopupProps>(Popup: ComponentType<P>, defaults?: Partial<P>) {
  return function Lazy({ children, onOpenChange, ...props }: Omit<P, 'children'> & { children: Trigger }) {
    return (
      <LazyPopup
        render={(trigger, open, setOpen) =>
          createElement(Popup, {
            ...defaults,
            ...(props as unknown as P),
            open,
            onOpenChange: (next: boolean, ...info: unknown[]) => {
              setOpen(next);
              onOpenChange?.(next, ...info);
            },
            children: trigger,
          })
        }
      >
        {children}
      </LazyPopup>
    );
  };
}
