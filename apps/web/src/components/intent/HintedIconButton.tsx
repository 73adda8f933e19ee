import type { ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { LazyTooltip } from './LazyTooltip';

/**
 * A round icon-only button of a toolbar (the navbar's search, theme and settings): `title` is both its
 * hover hint, mounted on the first hover (IntentScope), and its accessible name.
 */
export function HintedIconButton({
  title,
  icon,
  ...button
}: { title: string; icon: ReactNode } & Omit<ButtonProps, 'type' | 'shape' | 'icon' | 'title'>) {
  return (
    <LazyTooltip title={title}>
      <Button type="text" shape="circle" icon={icon} aria-label={title} {...button} />
    </LazyTooltip>
  );
}
