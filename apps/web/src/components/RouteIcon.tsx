import type { ComponentType } from 'react';
import { AppstoreOutlined } from '@ant-design/icons';
import * as routeIcons from './routeIcons';

const ICONS: Partial<Record<string, ComponentType>> = routeIcons;

/** A route's menu icon by the name the route table gives; a name without an icon gets a generic one. */
export function RouteIcon({ name }: { name: string | undefined }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
