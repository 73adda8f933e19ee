import { Dropdown, type DropdownProps } from 'antd';
import { LazyPopup, type Trigger } from './LazyPopup';

/** antd's Dropdown (click-opened), mounted once its IntentScope is armed (see LazyPopup). */
export function LazyDropdown({
  children,
  onOpenChange,
  ...props
}: Omit<DropdownProps, 'children'> & { children: Trigger }) {
  return (
    <LazyPopup
      render={(trigger, open, setOpen) => (
        <Dropdown
          trigger={['click']}
          {...props}
          open={open}
          onOpenChange={(next, info) => {
            setOpen(next);
            onOpenChange?.(next, info);
          }}
        >
          {trigger}
        </Dropdown>
      )}
    >
      {children}
    </LazyPopup>
  );
}
