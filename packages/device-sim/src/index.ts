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
export { handleWebRequest } from './web.ts';
export { loadLicenceDir, saveLicence, grantLicences, typeOfLicence, RegisterError } from './licences.ts';
