import type { DeviceType } from '@siteops/contracts/device-protocol';

/**
 * What the demo puts in an empty installation: two agents with their users, three projects each with
 * a manager, and a fleet of every device type spread over them. Fixed names and codes, so a restart
 * finds what an earlier start made instead of making it twice.
 */

/** Every demo account gets this password when it is created (a later change by the user is kept). */
export const DEMO_PASSWORD = 'Demo@2026';

/** Serial numbers of demo devices: `DEMO` + four letters of the type + six digits (DEMODUST000001). */
export const DEMO_SN_PREFIX = 'DEMO';

export interface DemoAgent {
  key: 'east' | 'south';
  name: string;
  linkName: string;
  linkPhone: string;
  address: string;
  userName: string;
  realName: string;
}

export const DEMO_AGENTS: readonly DemoAgent[] = [
  {
    key: 'east',
    name: '华东智慧工地（演示）',
    linkName: '陈经理',
    linkPhone: '021-5550-0101',
    address: '上海市浦东新区张江路 100 号',
    userName: 'demo-agent-east',
    realName: '陈东',
  },
  {
    key: 'south',
    name: '华南建安科技（演示）',
    linkName: '林经理',
    linkPhone: '020-5550-0202',
    address: '广州市天河区珠江新城 8 号',
    userName: 'demo-agent-south',
    realName: '林南',
  },
];

export interface DemoProject {
  code: string;
  name: string;
  agent: DemoAgent['key'];
  remark: string;
  manager: { userName: string; realName: string; phone: string };
}

export const DEMO_PROJECTS: readonly DemoProject[] = [
  {
    code: 'DEMO-SH-01',
    name: '滨江花园二期（演示）',
    agent: 'east',
    remark: '高层住宅，4 台塔吊，2 台升降机',
    manager: { userName: 'demo-manager-1', realName: '王建国', phone: '13800000001' },
  },
  {
    code: 'DEMO-SH-02',
    name: '临港科创中心（演示）',
    agent: 'east',
    remark: '办公综合体',
    manager: { userName: 'demo-manager-2', realName: '赵晓明', phone: '13800000002' },
  },
  {
    code: 'DEMO-GZ-01',
    name: '南沙地铁上盖（演示）',
    agent: 'south',
    remark: 'TOD 综合开发',
    manager: { userName: 'demo-manager-3', realName: '黄志强', phone: '13800000003' },
  },
];

/**
 * How many of each type, what a site calls them, and the name the device itself uses (its snapshot
 * caption's bitmap font has Latin letters only). 41 devices.
 */
export const DEMO_DEVICE_COUNTS: Readonly<
  Record<DeviceType, { count: number; name: string; site: string; deviceName: string }>
> = {
  face: { count: 6, name: '人脸门禁', site: '大门通道', deviceName: 'Face gate' },
  dust: { count: 6, name: '扬尘监测', site: '围挡东侧', deviceName: 'Dust monitor' },
  broadcast: { count: 4, name: '云广播', site: '生活区', deviceName: 'Speaker' },
  aiBox: { count: 4, name: 'AI 盒子', site: '监控室', deviceName: 'AI box' },
  towerCrane: { count: 5, name: '塔吊', site: '主楼', deviceName: 'Tower crane' },
  elevator: { count: 4, name: '施工升降机', site: '主楼', deviceName: 'Hoist' },
  towerElevatorFace: { count: 4, name: '塔吊升降机人脸', site: '司机室', deviceName: 'Driver check' },
  plate: { count: 4, name: '车牌识别', site: '车辆出入口', deviceName: 'Plate camera' },
  gateway: { count: 4, name: '通用网关', site: '配电房', deviceName: 'Gateway' },
};

/**
 * The demo dust monitor that speaks HJ 212-2017 over TCP (the standard of environmental bureaus) rather
 * than our WebSocket protocol: its number among the dust monitors, MN (24 characters) and access password.
 */
export const DEMO_HJ212 = { n: 2, mn: 'SITEOPSDEMO0000000000002', pw: '123456' } as const;

/** Devices whose n (1-based) is beyond this many per type stay with the platform (no agent, no project). */
const UNASSIGNED_FROM: Partial<Record<DeviceType, number>> = { gateway: 4, face: 6 };

/** The project (index into DEMO_PROJECTS) a device goes to, or null for the platform's own stock. */
export function demoProjectOf(type: DeviceType, n: number): number | null {
  const limit = UNASSIGNED_FROM[type];
  if (limit !== undefined && n >= limit) return null;
  return (n - 1) % DEMO_PROJECTS.length;
}
