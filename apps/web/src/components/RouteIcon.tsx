import type { ComponentType } from 'react';
import {
  AlertOutlined,
  AppstoreOutlined,
  DashboardOutlined,
  HddOutlined,
  IdcardOutlined,
  ProjectOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';

/**
 * The route table names its icons; only those are bundled (importing all of @ant-design/icons would
 * add megabytes). Add an entry here when the table gains an icon.
 */
const ICONS: Record<string, ComponentType> = {
  AlertOutlined,
  DashboardOutlined,
  HddOutlined,
  IdcardOutlined,
  ProjectOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
};

export function RouteIcon({ name }: { name: string | undefined }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
