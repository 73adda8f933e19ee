export { SimDevice, createSimDevice, type SimDeviceOptions, type SimState, type SimCounters } from './device.ts';
export {
  SimFleet,
  simIdentity,
  macFor,
  parseTypes,
  TYPE_CODES,
  type FleetDevice,
  type FleetOptions,
  type FleetStats,
} from './fleet.ts';
export { DeviceModel } from './model.ts';
export { SimShell } from './shell.ts';
export { renderSnapshot } from './snapshot.ts';
export { FaceLibrary, type HeldPerson, type PassOutcome } from './faces.ts';
export { httpBaseOf } from './socket.ts';
export { runCommand } from './commands.ts';
export { handleWebRequest } from './web.ts';
export { loadLicenceDir, saveLicence, grantLicences, typeOfLicence, RegisterError } from './licences.ts';
export { SimUpgrade, UPGRADE_FAULTS, type UpgradeFault } from './upgrade.ts';
export { PLAYBACK_KEY, playLine, type PlayRecord } from './speaker.ts';
export { Hj212Monitor, type Hj212MonitorOptions, type Hj212MonitorCounters } from './hj212Monitor.ts';
