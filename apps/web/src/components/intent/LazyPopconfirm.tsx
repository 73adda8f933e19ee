import { Popconfirm, type PopconfirmProps } from 'antd';
import { LazyPopup, type Trigger } from './LazyPopup';

/** antd's Popconfirm, mounted once its IntentScope is armed (see LazyPopup). */
export function LazyPopconfirm({
  children,
  onOpenChange,
  ...props
}: Omit<PopconfirmProps, 'children'> & { children: Trigger }) {
  return (
    <LazyPopup
      render={(trigger, open, setOpen) => (
        <Popconfirm
          {...props}
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            onOpenChange?.(next);
          }}
        >
          {trigger}
        </Popconfirm>
      )}
    >
      {children}
    </LazyPopup>
  );
}
