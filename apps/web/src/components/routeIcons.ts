/**
 * The icons the route table names (contracts' routes, `icon`), exported under those names; only these are
 * bundled (importing all of @ant-design/icons would add megabytes). Add one here when the table gains an icon.
 */
export {
  AlertOutlined,
  DashboardOutlined,
  HddOutlined,
  IdcardOutlined,
  ProjectOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
