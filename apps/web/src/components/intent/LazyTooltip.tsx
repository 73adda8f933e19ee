import { Tooltip, type TooltipProps } from 'antd';
import type { ReactElement } from 'react';
import { useIntent } from './intent';

/** antd's Tooltip (a hover hint), mounted once its IntentScope is armed: nothing to show before a hover. */
export function LazyTooltip({ children, ...props }: TooltipProps & { children: ReactElement }) {
  return useIntent().armed ? <Tooltip {...props}>{children}</Tooltip> : children;
}
