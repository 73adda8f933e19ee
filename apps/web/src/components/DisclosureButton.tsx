import { Button, type ButtonProps } from 'antd';

/**
 * A button that shows and hides a region: it tells assistive technology whether the region is `open`
 * (aria-expanded) and, where the region has an id, which one it `controls`.
 */
export function DisclosureButton({
  open,
  onOpenChange,
  controls,
  ...button
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The id of the region shown and hidden. */
  controls?: string;
} & Omit<ButtonProps, 'onClick'>) {
  return <Button {...button} aria-expanded={open} aria-controls={controls} onClick={() => onOpenChange(!open)} />;
}
